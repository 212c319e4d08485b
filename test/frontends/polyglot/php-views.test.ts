import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * PHP views of an MVC framework (Laminas/Zend `.phtml`): read as PHP, their reads of the API's answers are sites
 * (`$result->getAdvice()` of `$result = $this->result`); a form that posts a removed request field to a route of the
 * app whose handler passes it on (`$post['extra']` sent as the complaint's `extra`) has a site on that control, and a
 * flattened name (`intent_detail`) on a form posted with another of the API's resources too. Markers in the markup are
 * PHP comments the page never shows. A help desk's view and form of the same shape are not sites.
 */
const dir = tempProjectDir();

const CLIENT = [
  '<?php',
  'namespace App\\Client;',
  'class SymptomCheckerClient',
  '{',
  "    private string $base = 'https://www.buoyhealth.com/api/';",
  '    public function createComplaint(string $interview, string $text, ?string $extra = null): array',
  '    {',
  "        return $this->send('POST', 'complaints/', ['interview' => $interview, 'text' => $text, 'extra' => $extra]);",
  '    }',
  '    public function createIntent(string $interview, string $name, ?string $detail = null): array',
  '    {',
  "        return $this->send('POST', 'intents/', ['interview' => $interview, 'name' => $name, 'detail' => $detail]);",
  '    }',
  '    public function getResult(string $token): Result',
  '    {',
  "        return Result::fromArray($this->send('GET', 'results/' . $token . '/'));",
  '    }',
  '}',
].join('\n');

const CONTROLLER = [
  '<?php',
  'namespace App\\Controller;',
  'class InterviewController extends AbstractActionController',
  '{',
  '    public function complaintAction()',
  '    {',
  "        $token = $this->params()->fromRoute('interview');",
  '        $post = $this->getRequest()->getPost();',
  "        $this->client->createComplaint($token, (string) $post['text'], $post['extra'] ?: null);",
  "        $this->client->createIntent($token, (string) $post['intent'], (string) $post['intent_detail']);",
  "        return $this->redirect()->toRoute('interview/question', ['interview' => $token]);",
  '    }',
  '}',
].join('\n');

describe('PHP views (.phtml)', () => {
  it("a view's reads of a result are sites, with markers the page never shows", async () => {
    writeTree(dir(), {
      'src/Client/SymptomCheckerClient.php': CLIENT,
      'src/Entity/Result.php': [
        '<?php',
        'namespace App\\Entity;',
        'class Result',
        '{',
        '    protected ?string $advice = null;',
        '    public function getAdvice(): ?string',
        '    {',
        '        return $this->advice;',
        '    }',
        '}',
      ].join('\n'),
      'view/interview/result.phtml': [
        '<?php',
        '/** @var \\App\\Entity\\Result $result */',
        '$result = $this->result;',
        '?>',
        '<h1>Your results</h1>',
        '<?php if ($result->getAdvice()): ?>',
        '    <p><?= $this->escapeHtml($result->getAdvice()) ?></p>',
        '<?php endif; ?>',
      ].join('\n'),
      'view/helpdesk/ticket.phtml': ['<?php $ticket = $this->ticket; ?>', '<p><?= $this->escapeHtml($ticket->getAdvice()) ?></p>'].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'view/interview/result.phtml')).toEqual(['6 result-advice-test-removed', '7 result-advice-test-removed']);
    expect(sites(r, 'view/helpdesk/ticket.phtml')).toEqual([]);
    const after = r.outcomes.find((o) => o.relPath === 'view/interview/result.phtml')?.after ?? '';
    expect(after).toContain('<?php /* TODO(sc-migrate/result-advice-test-removed)');
    expect(after).not.toMatch(/^\s*\/\/ TODO/m);
  });

  it("a form's controls named for fields its route's handler passes on are sites; a help desk form's are not", async () => {
    writeTree(dir(), {
      'src/Client/SymptomCheckerClient.php': CLIENT,
      'src/Controller/InterviewController.php': CONTROLLER,
      'view/interview/complaint.phtml': [
        "<form method=\"post\" action=\"<?= $this->url('interview/complaint', ['interview' => $this->interview]) ?>\">",
        '    <textarea name="text"></textarea>',
        '    <input type="text" name="extra">',
        '    <input type="text" name="intent">',
        '    <input type="text" name="intent_detail">',
        '</form>',
      ].join('\n'),
      'view/helpdesk/feedback.phtml': [
        "<form method=\"post\" action=\"<?= $this->url('helpdesk/feedback') ?>\">",
        '    <input type="text" name="extra">',
        '    <input type="text" name="intent_detail">',
        '</form>',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'view/interview/complaint.phtml')).toEqual(['3 complaint-extra-removed', '5 intent-detail-context-removed']);
    expect(sites(r, 'view/helpdesk/feedback.phtml')).toEqual([]);
  });
});
