import { COMMENTS } from '../../../markers';
import { all, childOf, collect, namedKids, span, type LangSpec } from '../lang';
import { rubyModels } from './ruby-models';
import { rubyBuiltReturn } from './ruby-returns';

/** Ruby: hashes (symbol and string keys), keyword arguments, assignments, `case`/`when`, symbols as values. */
export const ruby: LangSpec = {
  id: 'ruby',
  grammar: '@ast-grep/lang-ruby',
  extensions: ['rb', 'rake', 'gemspec', 'ru'],
  // Task files of Rake, Capistrano, Guard and fastlane: Ruby that may call the API (a smoke task).
  fileNames: ['rakefile', 'capfile', 'guardfile', 'fastfile'],
  comment: COMMENTS.hash,
  stringKinds: ['string', 'bare_string'],
  contentKinds: ['string_content'],
  escapeKinds: ['escape_sequence'],
  symbolKinds: ['simple_symbol', 'bare_symbol'],
  functionKinds: ['method', 'singleton_method', 'block', 'do_block', 'lambda'],
  chainKinds: ['call', 'element_reference'],
  nameKinds: ['identifier', 'constant', 'instance_variable'],
  intKinds: ['integer'],
  returnKinds: ['return'],
  lambdas: { kinds: ['block', 'do_block', 'lambda'], params: ['block_parameters', 'lambda_parameters'], pick: 'first', implicit: '_1' },
  loopKinds: ['for'],
  groupKinds: ['module'],
  implicitSelf: true,
  builtReturn: rubyBuiltReturn,
  extract(root, lit) {
    const { pairs, decls, types, compares, calls } = collect();
    for (const n of all(root, 'pair')) {
      const [k, v] = [namedKids(n)[0]!, namedKids(n).slice(-1)[0] ?? null];
      const key = k.kind() === 'hash_key_symbol' ? k.text() : lit(k)?.text;
      const parent = n.parent()!;
      const container = parent.kind() === 'argument_list' ? parent.parent()! : parent;
      if (key !== undefined) pairs.push({ node: n, ...span(n), key, keyNode: k, value: v, container, named: parent.kind() === 'argument_list' });
    }
    for (const n of all(root, 'assignment', 'operator_assignment')) {
      const [left, right] = [namedKids(n)[0]!, namedKids(n).slice(-1)[0]!];
      const name = left.text().replace(/^@+/, '').split('.').pop()!;
      if (/^\w+$/.test(name)) decls.push({ node: n, name, nameNode: left, type: null, init: right });
    }
    for (const n of all(root, 'keyword_parameter', 'optional_parameter')) {
      const id = childOf(n, 'identifier');
      if (id) decls.push({ node: n, name: id.text(), nameNode: id, type: null, init: namedKids(n).slice(-1)[0] === id ? null : namedKids(n).slice(-1)[0] ?? null });
    }
    types.push(...rubyModels(root, lit));
    for (const n of all(root, 'binary')) {
      if (n.children().some((c) => c.kind() === '==' || c.kind() === '!=' || c.kind() === '===')) compares.push({ node: n, sides: namedKids(n) });
    }
    for (const n of all(root, 'case')) {
      const subject = namedKids(n)[0];
      if (!subject || subject.kind() === 'when') continue;
      for (const w of namedKids(n).filter((c) => c.kind() === 'when')) {
        for (const p of namedKids(w).filter((c) => c.kind() === 'pattern')) compares.push({ node: w, sides: [subject, namedKids(p)[0] ?? p] });
      }
    }
    for (const n of all(root, 'call')) {
      const method = n.children().filter((c) => c.kind() === 'identifier' || c.kind() === 'constant').pop();
      const args = childOf(n, 'argument_list');
      calls.push({ node: n, callee: method?.text() ?? '', args: args ? namedKids(args) : [] });
    }
    // RSpec's `expect(data["mode"]).to eq("complaint")`: the expected value against the actual one.
    for (const n of all(root, 'call')) {
      if (!/^(?:to|not_to|to_not)$/.test(n.field('method')?.text() ?? '')) continue;
      const subject = n.field('receiver');
      const matcher = namedKids(childOf(n, 'argument_list') ?? n)[0];
      const actual = subject?.kind() === 'call' && subject.field('method')?.text() === 'expect' ? namedKids(childOf(subject, 'argument_list') ?? subject) : [];
      const expected = matcher?.kind() === 'call' && /^(?:eq|eql|equal)$/.test(matcher.field('method')?.text() ?? '') && !matcher.field('receiver') ? namedKids(childOf(matcher, 'argument_list') ?? matcher) : [];
      // A status (`to eq(202)`) is read by its own rule (status-values.ts), which knows the response it checks.
      if (actual.length === 1 && expected.length === 1 && expected[0]!.kind() !== 'integer') compares.push({ node: n, sides: [actual[0]!, expected[0]!] });
    }
    return { pairs, decls, types, compares, calls };
  },
};

