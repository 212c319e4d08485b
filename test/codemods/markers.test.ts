import { describe, expect, it } from 'vitest';
import { COMMENTS, markerEdits, type MarkerRequest } from '../../codemods/markers';

/** One marker line a change: messages that differ only by their field are merged, each wording once. */
const text = (source: string, requests: MarkerRequest[]) => {
  const edits = markerEdits(source, requests, { style: COMMENTS.hash, selected: new Set(requests.map((r) => r.change)), eol: '\n' });
  return edits.map((e) => e.text).join('');
};

const sent = (f: string) => `v2 profiles have no \`${f}\`; stop sending it.`;
const read = (f: string) => `v2 profiles have no \`${f}\`; this read is always undefined.`;
const at = (message: string, subject: string): MarkerRequest => ({ anchor: 0, indent: '', change: 'interview-profile-fields-removed', message, subject });

describe('marker text', () => {
  it('names every field of one wording in one sentence', () => {
    expect(text('Profile = Struct.new(:race, :bmi)\n', [at(read('race'), 'race'), at(read('bmi'), 'bmi')])).toBe(
      '# TODO(sc-migrate/interview-profile-fields-removed): v2 profiles have no `race` or `bmi`; this read is always undefined.\n',
    );
  });

  it('gives a record that is both sent and read one sentence a wording, not one a field and wording', () => {
    const fields = ['race', 'height', 'weight', 'bmi'];
    const requests = [...fields.map((f) => at(sent(f), f)), ...fields.map((f) => at(read(f), f))];
    expect(text('Profile = Struct.new(:race, :height, :weight, :bmi)\n', requests)).toBe(
      '# TODO(sc-migrate/interview-profile-fields-removed): v2 profiles have no `race`, `height`, `weight` or `bmi`; stop sending it.' +
        ' v2 profiles have no `race`, `height`, `weight` or `bmi`; this read is always undefined.\n',
    );
  });
});
