import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * PHP properties of another object sent for a removed request field: a Yii form model's `$complaintExtra` passed to the
 * client's `addComplaint(…, $form->complaintExtra)` (its declaration and the view's `$form->field($model,
 * 'complaintExtra')`), a CodeIgniter config class's `$interviewMode` sent as `'interview_mode' =>
 * $this->config->interviewMode`. Beside them, a helpdesk form's property of the same shape sent to the helpdesk.
 */
const dir = tempProjectDir();

const CLIENT = [
  '<?php',
  'namespace app\\components;',
  'class BuoyClient',
  '{',
  "    public $baseUrl = 'https://www.buoyhealth.com/api/';",
  '    public function addComplaint($interviewToken, $text, $extra = null)',
  '    {',
  "        return $this->request('POST', 'complaints/', ['interview' => $interviewToken, 'text' => $text, 'extra' => $extra]);",
  '    }',
  '    public function createInterview(array $profile)',
  '    {',
  "        return $this->request('POST', 'interviews/anonymous/', ['profile' => $profile, 'interview_mode' => $this->config->interviewMode]);",
  '    }',
  '}',
].join('\n');

describe('properties of other objects sent for removed fields', () => {
  it("a form model's property passed for `extra`, its view binding and a config class's `interviewMode` are sites; a helpdesk form's are not", async () => {
    writeTree(dir(), {
      'components/BuoyClient.php': CLIENT,
      'components/Desk.php': [
        '<?php',
        'class Desk',
        '{',
        '    public function fileTicket($subject, $extra = null)',
        '    {',
        "        return $this->http->post('https://desk.example.org/api/tickets/', ['subject' => $subject, 'extra' => $extra]);",
        '    }',
        '}',
      ].join('\n'),
      'config/Checker.php': ['<?php', 'class Checker extends BaseConfig', '{', '    public $interviewMode = true;', '    public $timeout = 15;', '}'].join('\n'),
      'models/SymptomForm.php': [
        '<?php',
        'class SymptomForm extends Model',
        '{',
        '    public $complaint;',
        '    public $complaintExtra;',
        '}',
      ].join('\n'),
      'models/TicketForm.php': ['<?php', 'class TicketForm extends Model', '{', '    public $subject;', '    public $ticketExtra;', '}'].join('\n'),
      'controllers/InterviewController.php': [
        '<?php',
        'class InterviewController extends Controller',
        '{',
        '    public function actionSymptoms()',
        '    {',
        '        $form = new SymptomForm();',
        '        $this->buoy->addComplaint($token, $form->complaint, $form->complaintExtra);',
        '        $ticket = new TicketForm();',
        '        $this->desk->fileTicket($ticket->subject, $ticket->ticketExtra);',
        '    }',
        '}',
      ].join('\n'),
      'views/symptoms.php': [
        '<?php $form = ActiveForm::begin(); ?>',
        "<?= $form->field($model, 'complaint') ?>",
        "<?= $form->field($model, 'complaintExtra')->textarea(['rows' => 2]) ?>",
        "<?= $form->field($ticket, 'ticketExtra') ?>",
        '<?php ActiveForm::end(); ?>',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'controllers/InterviewController.php')).toEqual(['7 complaint-extra-removed']);
    expect(sites(r, 'models/SymptomForm.php')).toEqual(['5 complaint-extra-removed']);
    expect(sites(r, 'views/symptoms.php')).toEqual(['3 complaint-extra-removed']);
    expect(sites(r, 'config/Checker.php')).toEqual(['4 interview-mode-flag-removed']);
    expect(sites(r, 'models/TicketForm.php')).toEqual([]);
    expect(sites(r, 'components/Desk.php')).toEqual([]);
  });
});
