import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';
import { tokenize } from '../../../codemods/frontends/polyglot/lexical-tokens';

/**
 * Perl, read by its tokens in the shapes other languages are parsed in (lexical-perl.ts): hashes with `=>`, element
 * reads, `sub` bodies and test blocks, `use constant` statuses and packages other files use. A helpdesk client of the
 * same shapes, in the same run, stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const app = {
  'lib/Checker/Constants.pm': [
    'package Checker::Constants;',
    'use constant {',
    "    BASE_URL     => 'https://sandbox.buoyhealth.com/api/',",
    '    HTTP_PENDING => 202,',
    '    HTTP_INVALID => 400,',
    '};',
    '1;',
  ].join('\n'),
  // Mojo::UserAgent, a team's own wrapper of paths.
  'lib/Checker/Client.pm': [
    'package Checker::Client;',
    'use Mojo::Base -base;',
    'use Checker::Constants;',
    'sub start {',
    '    my ($self, $profile) = @_;',
    "    my $tx = $self->ua->post($self->base . 'interviews/anonymous/' => json => { profile => $profile, interview_mode => \\1 });",
    '    die { location => 1 } if $tx->res->code == HTTP_INVALID;',
    '    my $i = $tx->result->json;',
    '    return { token => $i->{token}, variant => $i->{variant}, bmi => $i->{profile}{bmi} };',
    '}',
    '',
    'sub complain {',
    '    my ($self, %args) = @_;',
    "    return $self->ua->post($self->base . 'complaints/' => json => { interview => $args{token}, text => $args{text}, extra => $args{note} })->result->json;",
    '}',
    '',
    'sub switch_mode {',
    '    my ($self, $token, $mode) = @_;',
    '    my $tx = $self->ua->put($self->base . "interviews/$token/" => json => { mode => $mode });',
    '    return { pending => 1 } if $tx->res->code == HTTP_PENDING;',
    '    return { message => $tx->result->json->{msg} };',
    '}',
    '',
    'sub outcome {',
    '    my ($self, $token) = @_;',
    '    my $r = $self->ua->get($self->base . "results/$token/")->result->json;',
    '    my @levels = map { $_->{potential_condition}{triage} } @{ $r->{triage_explanation} || [] };',
    '    return { advice => $r->{advice}, triage => $r->{triage}, levels => \\@levels };',
    '}',
    '',
    'sub top_level {',
    '    my ($self, $token) = @_;',
    "    return $self->ua->get($self->base . \"results/$token/\")->result->json('/triage_explanation/0/potential_condition/triage');",
    '}',
    '1;',
  ].join('\n'),
  // A plain script with HTTP::Tiny and JSON::PP, using the client's package.
  'bin/report.pl': [
    'use Checker::Client;',
    'use JSON::PP;',
    'my $checker = Checker::Client->new;',
    'for my $token (@ARGV) {',
    '    my $result = $checker->outcome($token);',
    '    print join(", ", @{ $result->{advice} }), "\\n";',
    '    for my $q (@{ $checker->questions($token) }) { print $q->{text}; }',
    '    my ($top) = sort { $b->{probability} <=> $a->{probability} } @{ $result->{conditions} };',
    '    print $top->{triage}, $result->{triage}{level};',
    '}',
  ].join('\n'),
  // Test::More with stubbed answers.
  't/client.t': [
    'use Test::More;',
    'use Checker::Client;',
    'my $client = Checker::Client->new;',
    "subtest 'results' => sub {",
    "    stub(200, { advice => ['rest'], test => ['CBC'], triage_explanation => [ { potential_condition => { triage => 'x' } } ] });",
    "    my $r = $client->outcome('r-1');",
    "    is $r->{advice}[0], 'rest';",
    '};',
    "subtest 'modes' => sub {",
    "    stub(202, '');",
    "    ok $client->switch_mode('t-1', 'safe')->{pending};",
    '};',
    'done_testing;',
  ].join('\n'),
};

const desk = {
  'lib/Desk/Client.pm': [
    'package Desk::Client;',
    'use constant TICKET_QUEUED => 202;',
    'sub open_ticket {',
    '    my ($self, %args) = @_;',
    "    my $res = $self->http->post_form('https://desk.example.com/api/tickets/', { mode => $args{mode} || 'complaint', extra => $args{extra} });",
    '    return { queued => 1, advice => $res->{advice} } if $res->{status} == TICKET_QUEUED;',
    '}',
    '1;',
  ].join('\n'),
  'bin/escalate.pl': [
    'use Checker::Client;',
    'use Desk::Client;',
    'my $checker = Checker::Client->new;',
    'my $desk = Desk::Client->new;',
    "my $ticket = $desk->open_ticket(mode => 'complaint', extra => { interview => $ARGV[0] });",
    "print $ticket->{advice} if $ticket->{status} == 202;",
    "is $calls{ticket}{mode}, 'complaint';",
  ].join('\n'),
};

describe('Perl read by its tokens', () => {
  it('request bodies, answers read through variables and lists, statuses by constant, tests and scripts that use the client', async () => {
    writeTree(dir, { ...app, ...desk });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/Checker/Client.pm')).toEqual([
      '6 interview-mode-flag-removed',
      '7 location-error-422',
      '9 interview-marketplace-variant-removed',
      '9 interview-profile-fields-removed',
      '14 complaint-extra-removed',
      '20 mode-update-status-200',
      '21 update-msg-in-links',
      '27 potential-condition-triage-removed',
      '28 result-advice-test-removed',
      '33 potential-condition-triage-removed',
    ].sort());
    expect(sites(r, 'bin/report.pl')).toEqual(['6 result-advice-test-removed', '9 potential-condition-triage-removed'].sort());
    expect(sites(r, 't/client.t')).toEqual([
      '5 potential-condition-triage-removed',
      '5 result-advice-test-removed',
      '7 result-advice-test-removed',
      '10 mode-update-status-200',
      '11 mode-safe-triage-removed',
    ].sort());
    // Another service's client of the same shapes, and a script that uses both.
    expect(sites(r, 'lib/Desk/Client.pm')).toEqual([]);
    expect(sites(r, 'bin/escalate.pl')).toEqual([]);
    // Reports only.
    expect(r.outcomes.find((o) => o.relPath === 'lib/Checker/Client.pm')?.after).toBe(app['lib/Checker/Client.pm']);
  });

  it('reads qw() lists as strings (a constant name stays a name) and skips POD', () => {
    const toks = tokenize("=head1 NAME\n\nmode => 'safe'\n\n=cut\nuse C qw(MODE_SAFE);\nmy @m = qw(complaint safe);", 'pm');
    expect(toks.filter((t) => t.kind === 'str').map((t) => t.text)).toEqual(['complaint', 'safe']);
    expect(toks.some((t) => t.kind === 'id' && t.text === 'MODE_SAFE')).toBe(true);
  });
});
