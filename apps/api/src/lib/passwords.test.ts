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
    ]) {
      expect(passwordProblem(password), password).not.toBeNull();
    }
  });

  it('accepts passwords that are hard to guess', () => {
    for (const password of ['Zu7#mostarBridge', 'Vrbas#Kanjon-77', 'Kx9!vrelo-Bosne']) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });
});
