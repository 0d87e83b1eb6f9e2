import { describe, expect, it } from 'vitest';
import { proofInput, requiredProof } from './proofs.js';

describe('requiredProof', () => {
  const rule = { default_kind: 'photo', value_threshold: 10_000, value_kind: 'pin' } as const;
  it('takes the restaurant’s own kind, else the operation’s', () => {
    expect(requiredProof(rule, null, 500, false)).toBe('photo');
    expect(requiredProof(rule, 'signature', 500, false)).toBe('signature');
    expect(requiredProof(rule, 'none', 500, false)).toBe('none');
  });
  it('asks for the value rule’s kind above the threshold only', () => {
    expect(requiredProof(rule, null, 10_000, false)).toBe('photo');
    expect(requiredProof(rule, 'none', 10_001, false)).toBe('pin');
    expect(requiredProof({ ...rule, value_threshold: null }, null, 1_000_000, false)).toBe('photo');
  });
  it('never asks for a PIN or a signature at a door where the food is left', () => {
    expect(requiredProof(rule, null, 20_000, true)).toBe('photo');
    expect(requiredProof(rule, 'signature', 500, true)).toBe('photo');
    expect(requiredProof(rule, 'none', 500, true)).toBe('none');
  });
});

describe('proofInput', () => {
  it('takes a PIN of four digits only', () => {
    const at = { lat: 43.8, lng: 18.4 };
    expect(proofInput.safeParse({ pin: '0042', ...at }).success).toBe(true);
    for (const pin of ['12a4', '123', '12345', ' 1234', 1234])
      expect(proofInput.safeParse({ pin, ...at }).success, String(pin)).toBe(false);
  });
});
