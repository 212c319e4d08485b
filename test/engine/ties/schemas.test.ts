import { describe, expect, it } from 'vitest';
import { tieOf } from '../../../codemods/engine/ties/flow';
import { schemaObjects } from '../../../codemods/engine/ties/schemas';
import { at } from './harness';

const models = (code: string) =>
  schemaObjects(at(`/*@*/0;\n${code}`).ctx).map((s) => `${s.tie.resource}:${s.tie.role}:${s.tie.path.join('.')}`);

/** ties/schemas.ts: validation schemas that model a payload. */
describe('ties/schemas', () => {
  it('zod: a result schema with a nested potential condition', () => {
    expect(models(`import { z } from 'zod';\nexport const ResultSchema = z.object({ advice: z.array(z.string()), triage_explanation: z.object({ potential_condition: z.object({ triage: z.string() }) }) });`)).toEqual([
      'result:body:',
      'result:body:triage_explanation',
      'result:body:triage_explanation.potential_condition',
    ]);
  });
  it('yup request schemas, valibot, io-ts and an extended response schema', () => {
    expect(models(`import * as yup from 'yup';\nconst complaintRequestSchema = yup.object({ extra: yup.string() });`)).toEqual(['complaint:request:']);
    expect(models(`import * as v from 'valibot';\nconst IntentSchema = v.object({ detail: v.string() });`)).toEqual(['intent:body:']);
    expect(models(`import * as t from 'io-ts';\nconst QuestionCodec = t.type({ preselected: t.string });`)).toEqual(['question:body:']);
    expect(models(`import { z } from 'zod';\nconst InterviewSchema = z.object({});\nconst InterviewUpdateSchema = InterviewSchema.extend({ msg: z.string() });`)).toContain('interview:body:');
  });
  it('members wrapped by a function of the package: superstruct optional/nullable, valibot pipe', () => {
    expect(models(`import * as s from 'superstruct';\nexport const Result = s.type({ triage_explanation: s.optional(s.type({ potential_condition: s.optional(s.nullable(s.type({ triage: s.string() }))) })) });`)).toEqual([
      'result:body:',
      'result:body:triage_explanation',
      'result:body:triage_explanation.potential_condition',
    ]);
    expect(models(`import * as v from 'valibot';\nconst QuestionSchema = v.object({ options: v.array(v.pipe(v.object({ preselected: v.boolean() }), v.readonly())) });`)).toEqual(['question:body:', 'question:body:options.*']);
  });
  it('a value parsed by a function given the schema is of its model', () => {
    const tie = (code: string) => {
      const { ctx, path } = at(code);
      return tieOf(ctx, path);
    };
    expect(tie(`import { create } from 'superstruct';\nimport * as schema from './schemas';\nconst body = create(await res.json(), schema.Interview);\n/*@*/body.msg;`)).toMatchObject({ resource: 'interview', path: ['msg'] });
    expect(tie(`import * as v from 'valibot';\nconst r = v.parse(ResultSchema, data);\n/*@*/r.advice;`)).toMatchObject({ resource: 'result', path: ['advice'] });
    expect(tie(`import { create } from 'superstruct';\nconst t = create(data, schema.Ticket);\n/*@*/t.msg;`)).toBeNull();
    expect(tie(`const t = create(data, options);\n/*@*/t.advice;`)).toBeNull();
  });
  it('not a schema of this API: another package, or a name that says nothing', () => {
    expect(models(`import { z } from 'zod';\nconst TicketSchema = z.object({ advice: z.string() });`)).toEqual([]);
    expect(models(`const config = thing.object({ advice: 1 });`)).toEqual([]);
  });
});
