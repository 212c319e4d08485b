import { describe, expect, it } from 'vitest';
import { EditSet, LineIndex } from '../../codemods/engine/edits';

describe('EditSet', () => {
  it('applies non-overlapping edits in one pass, whatever order they were added in', () => {
    const edits = new EditSet();
    expect(edits.add({ start: 6, end: 11, text: 'there' })).toBe(true);
    expect(edits.add({ start: 0, end: 5, text: 'Hi' })).toBe(true);
    expect(edits.add({ start: 11, end: 11, text: '!' })).toBe(true);
    expect(edits.apply('hello world')).toBe('Hi there!');
  });

  it('refuses an edit overlapping one already taken, even a long one that started far before', () => {
    const edits = new EditSet();
    expect(edits.add({ start: 0, end: 50_000, text: '' })).toBe(true);
    expect(edits.add({ start: 49_000, end: 49_010, text: 'x' })).toBe(false);
    expect(edits.add({ start: 50_000, end: 50_001, text: 'y' })).toBe(true);
  });

  it('stacks insertions at the same point and keeps them out of replaced ranges', () => {
    const edits = new EditSet();
    expect(edits.add({ start: 3, end: 3, text: 'a' })).toBe(true);
    expect(edits.add({ start: 3, end: 3, text: 'b' })).toBe(true);
    expect(edits.add({ start: 2, end: 4, text: '' })).toBe(false);
    expect(edits.apply('0123456')).toBe('012ab3456');
  });

  it('a deletion supersedes the edits inside it', () => {
    const edits = new EditSet();
    edits.add({ start: 4, end: 6, text: 'XX' });
    expect(edits.addReplacing({ start: 2, end: 8, text: '' })).toBe(true);
    expect(edits.apply('0123456789')).toBe('0189');
  });
});

describe('LineIndex', () => {
  it('maps offsets to 1-based lines and columns, with CRLF', () => {
    const lines = new LineIndex('ab\r\ncd\r\n');
    expect(lines.lineCol(0)).toEqual({ line: 1, column: 1 });
    expect(lines.lineCol(5)).toEqual({ line: 2, column: 2 });
    expect(lines.lineText(2)).toBe('cd');
    expect(lines.eol).toBe('\r\n');
  });
});
