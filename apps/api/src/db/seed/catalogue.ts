/** Demo menus: categories of the operation and what each Sarajevo restaurant serves (prices in KM). */
export const DEMO_CATEGORIES: {
  name: string;
  description: string;
  hue: number;
  items: [string, number, string][];
}[] = [
  {
    name: 'Roštilj',
    description: 'Ćevapi, pljeskavice i meso sa žara',
    hue: 15,
    items: [
      ['Ćevapi 5 kom', 5, 'U somunu s lukom'],
      ['Ćevapi 10 kom', 9, 'U somunu s lukom i kajmakom po želji'],
      ['Ćevapi 15 kom', 13, 'Velika porcija u dva somuna'],
      ['Pljeskavica', 8, 'Pljeskavica u somunu'],
      ['Punjena pljeskavica', 10.5, 'Punjena kačkavaljem'],
      ['Sudžukice', 8.5, 'Domaće sudžukice u somunu'],
      ['Piletina na žaru', 12, 'Pileći file s prilogom'],
      ['Miješano meso', 22, 'Za dvije osobe'],
      ['Teleći ražnjići', 14, 'S pomfritom'],
    ],
  },
  {
    name: 'Burek i pite',
    description: 'Iz tepsije, ispod sača',
    hue: 38,
    items: [
      ['Burek', 3.5, 'Porcija, s mljevenim mesom'],
      ['Sirnica', 3.2, 'Porcija, s domaćim sirom'],
      ['Zeljanica', 3.2, 'Porcija, sa špinatom i sirom'],
      ['Krompiruša', 3, 'Porcija, s krompirom'],
      ['Tikvenica', 3.2, 'Porcija, s tikvama'],
      ['Burek 1 kg', 14, 'Cijela tepsija za porodicu'],
      ['Jogurt 0,5 l', 1.5, 'Uz pitu'],
    ],
  },
  {
    name: 'Pizza',
    description: 'Iz krušne peći',
    hue: 5,
    items: [
      ['Margherita', 9, 'Pelat, mozzarella, bosiljak'],
      ['Capricciosa', 11, 'Šunka, gljive, masline'],
      ['Quattro formaggi', 12, 'Četiri vrste sira'],
      ['Funghi', 10, 'Šampinjoni, mozzarella'],
      ['Sarajevska', 12.5, 'Sudžuka, jaje, kajmak'],
      ['Vegetariana', 10.5, 'Sezonsko povrće'],
      ['Tuna', 11.5, 'Tuna, luk, masline'],
    ],
  },
  {
    name: 'Tjestenina',
    description: 'Domaća tjestenina',
    hue: 50,
    items: [
      ['Spaghetti bolognese', 10, 'Umak od junetine'],
      ['Penne arrabbiata', 9, 'Ljuti paradajz umak'],
      ['Tagliatelle s piletinom', 11, 'U umaku od vrhnja'],
      ['Lazanje', 12, 'Zapečene u peći'],
      ['Njoki s gorgonzolom', 11.5, 'Domaći njoki'],
    ],
  },
  {
    name: 'Salate',
    description: 'Svježe i sezonske',
    hue: 100,
    items: [
      ['Šopska salata', 4.5, 'Paradajz, krastavac, sir'],
      ['Grčka salata', 6, 'Feta, masline, luk'],
      ['Cezar salata', 8.5, 'Piletina, parmezan, kruton'],
      ['Zelena salata', 3, 'Sezonska'],
      ['Salata od tune', 9, 'Tuna, kukuruz, jaje'],
    ],
  },
  {
    name: 'Sendviči i burgeri',
    description: 'Brzo i ukusno',
    hue: 30,
    items: [
      ['Klasični burger', 9, 'Junetina, cheddar, salata'],
      ['Dupli burger', 13, 'Dvije pljeskavice, slanina'],
      ['Pileći burger', 9.5, 'Pohovana piletina, coleslaw'],
      ['Vege burger', 9.5, 'Od leblebija i povrća'],
      ['Klub sendvič', 8, 'Piletina, slanina, jaje'],
      ['Pomfrit', 3, 'Porcija'],
      ['Onion rings', 4, 'Porcija'],
    ],
  },
  {
    name: 'Sushi',
    description: 'Svježe pripremljen',
    hue: 200,
    items: [
      ['California roll 8 kom', 14, 'Surimi, avokado, krastavac'],
      ['Salmon nigiri 2 kom', 8, 'Losos'],
      ['Tuna maki 6 kom', 10, 'Tuna'],
      ['Vege roll 8 kom', 11, 'Avokado, krastavac, mrkva'],
      ['Sushi mix 24 kom', 42, 'Za dvije osobe'],
      ['Miso supa', 5, 'Tofu, wakame'],
    ],
  },
  {
    name: 'Deserti',
    description: 'Slatko za kraj',
    hue: 330,
    items: [
      ['Baklava', 3, 'Porcija, s orasima'],
      ['Tufahija', 3.5, 'Jabuka punjena orasima'],
      ['Hurmašice', 3, 'Dva komada'],
      ['Ružice', 3, 'Dva komada'],
      ['Palačinke s nutellom', 5, 'Dvije palačinke'],
      ['Tiramisu', 6, 'Domaći'],
      ['Čokoladna torta', 5.5, 'Parče'],
    ],
  },
  {
    name: 'Pića',
    description: 'Hladna i topla',
    hue: 190,
    items: [
      ['Coca-Cola 0,33 l', 2.5, 'Limenka'],
      ['Kisela voda 0,5 l', 2, 'Boca'],
      ['Domaća limunada', 3.5, '0,4 l'],
      ['Bosanska kafa', 2, 'U džezvi'],
      ['Ledeni čaj', 3, '0,33 l'],
      ['Sok od narandže', 4, 'Cijeđeni, 0,3 l'],
    ],
  },
  {
    name: 'Supe i čorbe',
    description: 'Kuhano jelo',
    hue: 60,
    items: [
      ['Begova čorba', 5, 'Piletina i bamija'],
      ['Teleća čorba', 5.5, 'S povrćem'],
      ['Grah', 6, 'S dimljenim mesom'],
      ['Bosanski lonac', 9, 'Meso i povrće'],
      ['Sarma', 10, 'Kiseli kupus, mljeveno meso'],
      ['Dolma', 10, 'Punjeno povrće'],
    ],
  },
  {
    name: 'Doručak',
    description: 'Do 12 sati',
    hue: 45,
    items: [
      ['Omlet sa sirom', 6, 'Tri jaja'],
      ['Jaja sa sudžukom', 7.5, 'U tavici'],
      ['Uštipci s kajmakom', 6, 'Šest komada'],
      ['Kroasan', 2.5, 'Maslac'],
      ['Somun', 1, 'Topao'],
    ],
  },
  {
    name: 'Vegansko',
    description: 'Bez proizvoda životinjskog porijekla',
    hue: 120,
    items: [
      ['Buddha bowl', 11, 'Kvinoja, povrće, tahini'],
      ['Falafel tanjir', 10, 'Falafel, humus, salata'],
      ['Humus s pitom', 6, 'Domaći humus'],
      ['Vegan gulaš', 10.5, 'Gljive i povrće'],
      ['Chia puding', 5, 'Kokosovo mlijeko'],
    ],
  },
];

/** Which categories each demo restaurant serves, by the restaurant's position in DEMO_RESTAURANTS. */
export const RESTAURANT_CATEGORIES: string[][] = [
  ['Roštilj', 'Salate', 'Pića'],
  ['Burek i pite', 'Pića', 'Deserti'],
  ['Supe i čorbe', 'Roštilj', 'Salate', 'Deserti', 'Pića'],
  ['Pizza', 'Tjestenina', 'Salate', 'Pića'],
  ['Supe i čorbe', 'Roštilj', 'Deserti', 'Pića'],
  ['Sushi', 'Salate', 'Pića', 'Deserti'],
  ['Sendviči i burgeri', 'Salate', 'Pića'],
  ['Supe i čorbe', 'Tjestenina', 'Salate', 'Deserti'],
  ['Doručak', 'Tjestenina', 'Sendviči i burgeri', 'Salate', 'Pića', 'Deserti'],
  ['Burek i pite', 'Doručak', 'Pića'],
  ['Vegansko', 'Salate', 'Pića', 'Deserti'],
  ['Deserti', 'Doručak', 'Pića'],
];
