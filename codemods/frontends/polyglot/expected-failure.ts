import type { SgNode } from '@ast-grep/napi';
import type { PolyFile } from './file';
import { span } from './lang';

/**
 * Whether a value sits in a call a test expects to fail: the API refuses what it is given, and the test says so.
 * A profile's out-of-range age there is the point of the test (`createInterview(age: 1)` asserted to throw), not a
 * request to migrate. The shapes of the test frameworks:
 * - an assertion that wraps the call: `XCTAssertThrowsError(try f(age: 1))`, `assertThrows(…, () -> f(1))`,
 *   `assertFailsWith<…> { f(age = 1) }`, `Assert.ThrowsAsync<…>(() => f(1))`, `with pytest.raises(…):`,
 *   `self.assertRaises(…)`, `expect { f(age: 1) }.to raise_error`, Dart's `expect(() => f(age: 1), throwsA(…))`;
 * - a call in a `do`/`try` block that fails the test when it returns (`XCTFail(…)`, `fail(…)`, `Assert.Fail(…)`)
 *   before its `catch`;
 * - PHP's `$this->expectException(…)` before it in the test.
 */
export function expectsFailure(file: PolyFile, n: SgNode): boolean {
  const at = span(n);
  const scope = file.scopeOf(n);
  const body = span(scope);
  // Up to the outermost function: the call may be in a closure the assertion is given (`expect(() => f(age: 1), …)`).
  const outer = span(file.scopesOf(n).pop() ?? scope);
  for (let p = n.parent(); p && span(p).start >= outer.start && span(p).end <= outer.end; p = p.parent()) {
    const text = p.text();
    if (WRAPPING.test(text)) return true;
    // Dart's `expect(() => f(age: 1), throwsA(isA<ApiError>()))`, `expect(f(age: 1), throwsException)`.
    if (/^expect(?:Later)?\s*\(/.test(text) && /,\s*throws\w*\b/.test(file.source.slice(at.end, span(p).end))) return true;
    // RSpec's `expect { … }.to raise_error(…)`.
    if (/^expect\s*\{/.test(text) && /^\s*\}?\s*\.\s*(?:to|not_to)\s*\(?\s*raise_error\b/.test(file.source.slice(span(p).end, span(p).end + 40))) return true;
  }
  // The rest of the `do`/`try` block, up to its `catch`: a failure of the test when the call returns.
  const after = file.source.slice(at.end, Math.min(body.end, at.end + 400));
  const handler = /\}\s*(?:catch|except|rescue)\b/.exec(after);
  const before = file.source.slice(Math.max(body.start, at.start - 400), at.start);
  if (handler && FAIL_CALL.test(after.slice(0, handler.index)) && /\b(?:do|try)\s*\{[^}]*$/.test(before)) return true;
  return /\$this\s*->\s*expectException\w*\s*\(/.test(file.source.slice(body.start, at.start));
}

/** An assertion that the call inside it fails, at the start of a node's text. */
const WRAPPING = /^(?:(?:try|await)\s+)*(?:[\w.]+\.)?(?:XCTAssertThrows\w*|assertThrows\w*|assertFailsWith|assertRaises\w*|expectThrows|shouldThrow\w*|Throws(?:Async|Any)?\w*|assert_raises|with\s+pytest\.raises)\b/;

/** A call that fails the test outright. */
const FAIL_CALL = /\b(?:XCTFail|fail|Assert\.Fail|flunk)\s*\(/;
