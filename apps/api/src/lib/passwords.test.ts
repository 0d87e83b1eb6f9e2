import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords.js';

describe('new passwords', () => {
  it('refuses the demo password and leaked words, whatever their dressing', () => {
    for (const password of ['DemoPass!2026', 'demopass!2026', 'P@ssw0rd', 'Password1!', 'Qwerty123!']) {
      expect(passwordProblem(password), password).toBe('validation.password_leaked');
    }
  });

  it('refuses well-known patterns that follow the policy: seasons, years, the product', () => {
    for (const password of [
      'Welcome1!',
      'Summer2024!',
      'Dostava2026!',
      'Password123!',
      'Abcdef1!',
      'Aa1!Aa1!',
      'Passw0rd!',
      'Admin123!',
      'Winter2026!',
      'September2026!',
    ]) {
      expect(passwordProblem(password), password).not.toBeNull();
    }
  });

  it("refuses the seasons, months and days of the staff's own language with a year (issue 22)", () => {
    // The product speaks Bosnian first; 'Summer2026!' was refused, 'Ljeto2026!' passed.
    for (const password of [
      'Ljeto2026!',
      'Zima2025!',
      'Proljece2026!',
      'Proljeće2026!',
      'Jesen@2025',
      'Septembar2026!',
      'Oktobar@24',
      'Decembar26!',
      'Januar2027!',
      'Nedjelja2026!',
      'Petak123!',
      'Lipanj2026!',
      'Avgust2026!',
    ]) {
      expect(passwordProblem(password), password).not.toBeNull();
    }
  });

  it("refuses the product's own words dressed to the policy", () => {
    for (const password of ['Lozinka123!', 'Korisnik1!', 'Restoran1!', 'Narudzba1!', 'Dostava!2026']) {
      expect(passwordProblem(password), password).not.toBeNull();
    }
  });

  it("refuses a password made of the user's own name or e-mail", () => {
    const who = { first_name: 'Emir', last_name: 'Kovačević', email: 'emir.kovacevic@firma.ba' };
    for (const password of [
      'Kovacevic#Emir7',
      'Kovačević!1985',
      'EmirKovacevic1!',
      'Firma.ba2026!',
      'Emir.Kovacevic#',
    ]) {
      expect(passwordProblem(password), password).toBeNull();
      expect(passwordProblem(password, who), password).toBe('validation.password_weak');
    }
  });

  it('accepts passwords that are hard to guess', () => {
    for (const password of ['Zu7#mostarBridge', 'Vrbas#Kanjon-77', 'Kx9!vrelo-Bosne', 'Kx9!trueLong']) {
      expect(passwordProblem(password), password).toBeNull();
      expect(
        passwordProblem(password, { first_name: 'Emir', last_name: 'Kovačević', email: 'emir@example.com' }),
        password,
      ).toBeNull();
    }
  });
});
