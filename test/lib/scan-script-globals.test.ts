import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from '../../lib';
import { cleanup, customConfig, tmpDir, writeTree } from '../cli/helpers';

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const checker = [
  'var Checker = (function ($) {',
  "  var base = 'https://old.example.test/api/';",
  '  function addComplaint(token, text, extra) {',
  "    return $.ajax({ url: base + 'complaints/', type: 'POST', data: JSON.stringify({ interview: token, text: text, extra: extra }) });",
  '  }',
  '  return { addComplaint: addComplaint };',
  '})(jQuery);',
  '',
].join('\n');
const desk = checker.replace('Checker', 'Desk').replace('https://old.example.test/api/', 'https://desk.example.com/api/');

describe('global namespaces of classic scripts', () => {
  it("a value a page or a test hands to a method of another script's global namespace that sends it as a removed field is reported where it is handed (a helpdesk namespace's is not)", async () => {
    writeTree(dir, {
      'js/checker.js': checker,
      'js/desk.js': desk,
      'index.html': [
        '<html><body>',
        '  <script src="js/checker.js"></script>',
        '  <script>',
        "    $('#f').on('submit', function () {",
        '      Checker.addComplaint(token, this.text.value, this.extra.value);',
        '      Desk.addComplaint(token, this.text.value, this.extra.value);',
        '    });',
        '  </script>',
        '</body></html>',
        '',
      ].join('\n'),
      'tests/checker.tests.js': "QUnit.test('sends extra', function (assert) {\n  Checker.addComplaint('i-1', 'headache', 'since yesterday');\n  Desk.addComplaint('i-1', 'headache', 'since yesterday');\n  assert.ok(true);\n});\n",
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('index.html')).toEqual([[5, 'complaint-extra-removed', 'manual']]);
    expect(findings('tests/checker.tests.js')).toEqual([[2, 'complaint-extra-removed', 'manual']]);
    expect(findings('js/desk.js')).toEqual([]);
  });

  it('a name the file declares itself is not a global of another script', async () => {
    writeTree(dir, {
      'js/checker.js': checker,
      'js/page.js': "var Checker = { addComplaint: function (t, text, note) { return note; } };\nChecker.addComplaint('i-1', 'headache', 'since yesterday');\n",
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const page = result.outcomes.find((o) => o.relPath === 'js/page.js');
    expect(page?.findings ?? []).toEqual([]);
  });

  it("a value an AngularJS controller hands to an injected factory's or service's method that sends it as a removed field is reported where it is handed (a helpdesk service's is not)", async () => {
    const factory = (name: string, base: string) =>
      [
        '(function () {',
        `  angular.module('app').factory('${name}', ${name});`,
        `  ${name}.$inject = ['$http'];`,
        `  function ${name}($http) {`,
        '    function createComplaint(token, text, extra) {',
        `      return $http.post('${base}complaints/', { interview: token, text: text, extra: extra });`,
        '    }',
        '    return { createComplaint: createComplaint };',
        '  }',
        '})();',
        '',
      ].join('\n');
    writeTree(dir, {
      'www/js/services/checker.service.js': factory('CheckerService', 'https://old.example.test/api/'),
      'www/js/services/desk.service.js': factory('DeskService', 'https://desk.example.com/api/'),
      'www/js/services/notes.service.js': "angular.module('app').service('NotesService', ['$http', function ($http) {\n  this.add = function (token, text, extra) {\n    return $http.post('https://old.example.test/api/complaints/', { interview: token, text: text, extra: extra });\n  };\n}]);\n",
      'www/js/controllers/complaint.ctrl.js': [
        "angular.module('app').controller('ComplaintCtrl', ['$scope', 'CheckerService', 'DeskService', 'NotesService', function ($scope, CheckerService, DeskService, NotesService) {",
        '  CheckerService.createComplaint($scope.token, $scope.text, { onset: $scope.onset });',
        '  DeskService.createComplaint($scope.token, $scope.text, { onset: $scope.onset });',
        '  NotesService.add($scope.token, $scope.text, $scope.onset);',
        '}]);',
        '',
      ].join('\n'),
    });
    const result = await scan({ roots: ['.'], config: customConfig, cwd: dir, types: 'off' });
    const findings = (rel: string) => result.outcomes.find((o) => o.relPath === rel)?.findings.filter((f) => f.change !== 'base-url').map((f) => [f.line, f.change, f.fix]) ?? [];
    expect(findings('www/js/controllers/complaint.ctrl.js')).toEqual([
      [2, 'complaint-extra-removed', 'manual'],
      [4, 'complaint-extra-removed', 'manual'],
    ]);
    expect(findings('www/js/services/desk.service.js')).toEqual([]);
  });
});
