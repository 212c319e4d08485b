import { linksField, resources } from '../api';
import type { Change, StatusContext } from '../types';

/**
 * Whether a mode update produced a question or a result. The spec does not show the shape of next links;
 * a link counts as pointing at a question or result when its URL has the `questions` or `results` segment
 * (assumption, listed in the README).
 */
/** A URL path with the question or result segment (compiled once: the proxy asks on every mode update). */
const TARGETS = [resources.question.segment, resources.result.segment].map((seg) => new RegExp(`(^|/)${seg}(/|$)`));

function producedQuestionOrResult(ctx: StatusContext): boolean {
  const body = ctx.responseBody;
  if (!body || typeof body !== 'object') return false;
  const links = (body as Record<string, unknown>)[linksField];
  if (!links || typeof links !== 'object') return false;
  const urls: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') urls.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  for (const [key, value] of Object.entries(links)) {
    if (key === 'msg') continue;
    collect(value);
  }
  return urls.some((u) => {
    const path = u.replace(/[?#].*$/, '');
    return TARGETS.some((re) => re.test(path));
  });
}

export const modeUpdateStatus200: Change = {
  id: 'mode-update-status-200',
  month: '2020-07',
  title: 'Mode updates that produce neither a question nor a result return 200, not 202',
  spec: [
    {
      section: '3',
      text: 'When a mode update produces neither a question nor a result, the status is 200. (202 is deprecated for this case; the update is committed either way.)',
    },
    {
      section: '9, Earlier changes (July 2020)',
      text: 'Mode updates that yield no question or result return 200 instead of 202.',
    },
  ],
  codemod: {
    fix: 'auto+manual',
    summary: 'a redundant `=== 202` alternative beside `=== 200` on a mode update goes; other 202 checks there are marked',
  },
  shim: { summary: 'for pins before 2020-07, 200 goes back to 202 when a mode update produced neither a question nor a result' },
  rules: [
    {
      kind: 'status-changed',
      resource: 'interview',
      operation: 'mode-update',
      from: 202,
      to: 200,
      condition: 'the mode update produces neither a question nor a result',
      applies: (ctx) => !producedQuestionOrResult(ctx),
      codeNames: ['mode', 'pending', 'nothing'],
      codemod: 'auto',
      message:
        'mode updates that produce neither a question nor a result now return 200, not 202; tell the cases apart by the next links in `_links`, not by the status.',
    },
  ],
};
