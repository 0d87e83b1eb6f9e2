import { dateField, expect, expectAccessible, expectDate, signInAs, test } from './fixtures';

/** Today on the operation's clock (Europe/Sarajevo), as 'YYYY-MM-DD'. */
const sarajevoToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Sarajevo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test('audit log: a quick range fills both dates, the URL keeps them, and the select names them', async ({
  page,
}) => {
  await signInAs(page, 'admin', { lang: 'bs', path: '/log' });
  const quick = page.getByLabel('Brzi odabir', { exact: true });
  await expect(quick).toHaveValue('');
  await quick.selectOption({ label: 'Danas' });
  const today = sarajevoToday();
  await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}|to=${today}.*from=${today}`));
  const [year, month, day] = today.split('-');
  await expectDate(dateField(page, 'Od'), `${day}.${month}.${year}.`);
  await page.reload();
  await expect(page.getByLabel('Brzi odabir', { exact: true })).toHaveValue('today');
  await expectAccessible(page);
});
