import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * PHP migrations of a run that talks to the API that create a table of its data (CodeIgniter's forge, Yii's
 * `createTable`, Laravel's `Schema::create`): the columns named for removed fields, and a changed mode given as the
 * mode column's default, as SQL's CREATE TABLE (sql.ts). Beside them, a helpdesk's tickets table of the same columns.
 */
const dir = tempProjectDir();

const CLIENT = ['<?php', 'class Checker', '{', "    public $base = 'https://www.buoyhealth.com/api/';", '}'].join('\n');

describe('PHP migrations of the API\'s tables', () => {
  it('CodeIgniter forge, Yii createTable and Laravel Schema::create tables of interviews and results; a tickets table is left', async () => {
    writeTree(dir(), {
      'app/Libraries/Checker.php': CLIENT,
      'app/Database/Migrations/CreateInterviews.php': [
        '<?php',
        'class CreateInterviews extends Migration',
        '{',
        '    public function up()',
        '    {',
        '        $this->forge->addField([',
        "            'token'       => ['type' => 'VARCHAR', 'constraint' => 64],",
        "            'mode'        => ['type' => 'VARCHAR', 'constraint' => 20, 'default' => 'complaint'],",
        "            'marketplace' => ['type' => 'VARCHAR', 'constraint' => 64, 'null' => true],",
        "            'bmi'         => ['type' => 'DECIMAL', 'constraint' => '5,2', 'null' => true],",
        '        ]);',
        "        $this->forge->createTable('interviews');",
        '    }',
        '    public function tickets()',
        '    {',
        '        $this->forge->addField([',
        "            'mode'  => ['type' => 'VARCHAR', 'default' => 'complaint'],",
        "            'extra' => ['type' => 'TEXT'],",
        "            'advice' => ['type' => 'TEXT'],",
        '        ]);',
        "        $this->forge->createTable('tickets');",
        '    }',
        '}',
      ].join('\n'),
      'migrations/m201012_create_result.php': [
        '<?php',
        'class m201012_create_result extends Migration',
        '{',
        '    public function safeUp()',
        '    {',
        "        $this->createTable('{{%interview}}', [",
        "            'mode' => $this->string(32)->notNull(),",
        "            'race' => $this->string(32),",
        "            'marketplace' => $this->string(32),",
        '        ]);',
        "        $this->createTable('{{%interview_result}}', [",
        "            'interview_id' => $this->integer()->notNull(),",
        "            'triage' => $this->string(128)->notNull(),",
        "            'advice' => $this->text(),",
        "            'test' => $this->text(),",
        "            'condition_triage' => $this->string(128),",
        '        ]);',
        '    }',
        '}',
      ].join('\n'),
      'database/migrations/2020_11_02_create_interviews_table.php': [
        '<?php',
        'return new class extends Migration',
        '{',
        '    public function up(): void',
        '    {',
        "        Schema::create('interviews', function (Blueprint $table) {",
        "            $table->string('token', 64)->unique();",
        "            $table->string('mode')->default('complaint');",
        "            $table->string('variant')->nullable();",
        "            $table->decimal('weight', 5, 2)->nullable();",
        '        });',
        "        Schema::create('tickets', function (Blueprint $table) {",
        "            $table->string('mode')->default('complaint');",
        "            $table->text('extra')->nullable();",
        "            $table->text('advice')->nullable();",
        '        });',
        '    }',
        '};',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/Database/Migrations/CreateInterviews.php')).toEqual(['10 interview-profile-fields-removed', '8 mode-complaint-renamed-input', '9 interview-marketplace-variant-removed']);
    expect(sites(r, 'migrations/m201012_create_result.php')).toEqual(['14 result-advice-test-removed', '15 result-advice-test-removed', '16 potential-condition-triage-removed', '8 interview-profile-fields-removed', '9 interview-marketplace-variant-removed']);
    expect(sites(r, 'database/migrations/2020_11_02_create_interviews_table.php')).toEqual(['10 interview-profile-fields-removed', '8 mode-complaint-renamed-input', '9 interview-marketplace-variant-removed']);
  });

  it("an ORM model's column list (CodeIgniter's $allowedFields, Eloquent's $fillable) names the profile's flattened fields too; a ticket model's does not", async () => {
    writeTree(dir(), {
      'app/Libraries/Checker.php': [
        '<?php',
        'class Checker',
        '{',
        "    public $base = 'https://www.buoyhealth.com/api/';",
        '    public function createInterview(array $profile): array',
        '    {',
        "        return $this->post('interviews/anonymous/', ['profile' => $profile]);",
        '    }',
        '}',
      ].join('\n'),
      'app/Models/InterviewModel.php': [
        '<?php',
        'class InterviewModel extends Model',
        '{',
        "    protected $table = 'interviews';",
        "    protected $allowedFields = ['token', 'mode', 'marketplace', 'bmi'];",
        '    public function start(Checker $checker): array',
        '    {',
        "        return $checker->createInterview(['age' => 30]);",
        '    }',
        '}',
      ].join('\n'),
      'app/Models/Interview.php': [
        '<?php',
        'class Interview extends Model',
        '{',
        "    protected $fillable = ['token', 'race', 'variant'];",
        '    public function start(Checker $checker): array',
        '    {',
        "        return $checker->createInterview(['age' => 30]);",
        '    }',
        '}',
      ].join('\n'),
      'app/Models/TicketModel.php': [
        '<?php',
        'class TicketModel extends Model',
        '{',
        "    protected $allowedFields = ['subject', 'bmi', 'marketplace'];",
        '    public function start(Checker $checker): array',
        '    {',
        "        return $checker->createInterview(['age' => 30]);",
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'app/Models/InterviewModel.php')).toEqual(['5 interview-marketplace-variant-removed', '5 interview-profile-fields-removed']);
    expect(sites(r, 'app/Models/Interview.php')).toEqual(['4 interview-marketplace-variant-removed', '4 interview-profile-fields-removed']);
    expect(sites(r, 'app/Models/TicketModel.php')).toEqual([]);
  });
});
