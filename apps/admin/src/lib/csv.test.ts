import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('EURUSD')).toBe('EURUSD');
    expect(csvField(12)).toBe('12');
    expect(csvField('100.000000')).toBe('100.000000');
    expect(csvField(true)).toBe('true');
  });

  it('writes null and undefined as empty fields', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, line breaks and surrounding spaces', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvField(' padded ')).toBe('" padded "');
  });

  it('doubles quotes inside a quoted field', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers numbers', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-12.500000')).toBe('-12.500000');
    expect(csvField('-7')).toBe('-7');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-ended line per row', () => {
    const rows = [
      { id: 1, memo: 'first, "quoted"', amount: '10.000000' },
      { id: 2, memo: '', amount: '-3.250000' },
    ];
    const csv = toCsv(
      [
        { title: 'id', value: (r: (typeof rows)[number]) => r.id },
        { title: 'memo, text', value: (r) => r.memo },
        { title: 'amount', value: (r) => r.amount },
      ],
      rows,
    );
    expect(csv).toBe('id,"memo, text",amount\r\n1,"first, ""quoted""",10.000000\r\n2,,-3.250000\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ title: 'id', value: () => 1 }], [])).toBe('id\r\n');
  });
});
