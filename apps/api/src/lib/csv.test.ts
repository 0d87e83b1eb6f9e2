import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.js';

describe('the CSV writer', () => {
  it('neutralises every formula prefix and quotes what needs quoting', () => {
    for (const danger of ['=1+1', '+1', '-2', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(danger).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('Ćevabdžinica, Baščaršija')).toBe('"Ćevabdžinica, Baščaršija"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});
