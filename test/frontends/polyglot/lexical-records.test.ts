import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * What languages without a parser here share, read by the generic token reader: records and their declared fields
 * (Haskell's `data`, Erlang's `-record`, a record literal `#result{…}`), fields named with their record's prefix and
 * the accessor functions that read them (`resultAdvice r`), keys written `"k" .= v`, `<<"k">> => v`, `@{ k = v }`,
 * locals set to a resource's answer, lists of the API's modes, statuses compared (`=:=`, `-eq`) or matched in a case
 * arm, constants defined by a form (`-define(NAME, 202)`). Another service's look-alikes beside them stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('Haskell records read by their tokens', () => {
  it('prefixed record fields, aeson keys, accessor reads and a case arm on 202; the helpdesk types are not', async () => {
    writeTree(dir, {
      'src/Types.hs': [
        'module Types where',
        'data InterviewMode = ModeComplaint | ModeSafe | ModeResult',
        'data Result = Result',
        '  { resultToken  :: Text',
        '  , resultAdvice :: Maybe Text',
        '  } deriving (Show)',
        'instance FromJSON Result where',
        '  parseJSON = withObject "Result" $ \\o -> Result <$> o .: "token" <*> o .:? "advice"',
        'data InterviewProfile = InterviewProfile',
        '  { ipAge  :: Int',
        '  , ipRace :: Maybe Text',
        '  }',
      ].join('\n'),
      'src/Client.hs': [
        'module Client where',
        'import Types',
        'getResult :: Env -> Text -> IO Result',
        'getResult env t = get env ("results/" <> t <> "/")',
        'summary :: Result -> InterviewProfile -> Text',
        'summary r p = fromMaybe "" (resultAdvice r) <> fromMaybe "" (ipRace p)',
        'setMode env t m = do',
        '  resp <- put env ("interviews/" <> t <> "/") m',
        '  case statusCode resp of',
        '    202 -> pure Accepted',
        '    _   -> pure Changed',
      ].join('\n'),
      'src/Helpdesk.hs': [
        'module Helpdesk where',
        'data Ticket = Ticket',
        '  { ticketMode  :: Text',
        '  , ticketExtra :: Maybe Text',
        '  }',
        'open t = post "https://desk.example.com/api/tickets/" (object [ "mode" .= ("complaint" :: Text), "extra" .= ticketExtra t ])',
        'queued resp = case statusCode resp of',
        '    202 -> True',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Types.hs')).toEqual(['2 mode-complaint-renamed-input', '2 mode-safe-triage-removed', '5 result-advice-test-removed', '8 result-advice-test-removed', '11 interview-profile-fields-removed'].sort());
    expect(sites(r, 'src/Client.hs')).toEqual(['6 interview-profile-fields-removed', '6 result-advice-test-removed', '10 mode-update-status-200'].sort());
    expect(sites(r, 'src/Helpdesk.hs')).toEqual([]);
  });
});

describe('Erlang records read by their tokens', () => {
  it('a header\'s records and defines, record literals and reads, pattern-matched statuses; the helpdesk record is not', async () => {
    writeTree(dir, {
      'include/sc.hrl': [
        '-define(BASE, <<"https://sandbox.buoyhealth.com/api/">>).',
        '-define(PATH_RESULT(T), ["results/", T, "/"]).',
        '-define(MODE_SAFE, <<"safe">>).',
        '-define(STATUS_MODE_PENDING, 202).',
        '-define(TICKET_QUEUED, 202).',
        '-record(result, {',
        '    token  :: binary(),',
        '    advice :: binary() | undefined',
        '}).',
        '-record(ticket, {mode :: binary(), extra :: binary()}).',
      ].join('\n'),
      'src/sc_model.erl': [
        '-module(sc_model).',
        '-include("sc.hrl").',
        'result(Json) ->',
        '    #result{',
        '        token = maps:get(<<"token">>, Json),',
        '        advice = maps:get(<<"advice">>, Json, undefined)',
        '    }.',
      ].join('\n'),
      'src/sc_client.erl': [
        '-module(sc_client).',
        '-include("sc.hrl").',
        'update_mode(Token, Mode) ->',
        '    case call({put, ["interviews/", Token, "/"], #{<<"mode">> => Mode}}) of',
        '        {ok, 200, Json} -> {ok, Json};',
        '        {ok, ?STATUS_MODE_PENDING, _} -> pending',
        '    end.',
        'advice(R) -> R#result.advice.',
        'ticket(T) -> case desk:open(T#ticket.extra) of {ok, ?TICKET_QUEUED, _} -> queued end.',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'include/sc.hrl')).toEqual(['1 base-url', '1 base-url', '3 mode-safe-triage-removed', '4 mode-update-status-200', '8 result-advice-test-removed'].sort());
    // One pointer per change and line (`advice = maps:get(<<"advice">>, …)`).
    expect(sites(r, 'src/sc_model.erl')).toEqual(['6 result-advice-test-removed']);
    expect(sites(r, 'src/sc_client.erl')).toEqual(['6 mode-update-status-200', '8 result-advice-test-removed'].sort());
  });

  it('a module tied by the path macros its header defines; the helpdesk module with its own macros is not', async () => {
    writeTree(dir, {
      'include/sc.hrl': ['-define(PATH_COMPLAINTS, "complaints/").', '-define(DESK_TICKETS, "https://desk.example.com/api/tickets/").'].join('\n'),
      'src/sc_client.erl': [
        '-module(sc_client).',
        '-include("sc.hrl").',
        'create_complaint(Token, Text, Extra) ->',
        '    Body = #{<<"interview">> => Token, <<"text">> => Text,',
        '             <<"extra">> => Extra},',
        '    call({post, ?PATH_COMPLAINTS, Body}).',
      ].join('\n'),
      'src/desk_client.erl': ['-module(desk_client).', '-include("sc.hrl").', 'open(Extra) ->', '    call({post, ?DESK_TICKETS, #{<<"mode">> => <<"complaint">>, <<"extra">> => Extra}}).'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/sc_client.erl')).toEqual(['5 complaint-extra-removed']);
    expect(sites(r, 'src/desk_client.erl')).toEqual([]);
  });

  it('a sys.config of Erlang terms (no XML): its addresses by role', async () => {
    writeTree(dir, {
      'config/sys.config': ['[{sc, [', '  {base_url, <<"https://sandbox.buoyhealth.com/api/">>},', '  {desk_url, <<"https://desk.example.com/api/">>}', ']}].'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'config/sys.config')).toEqual(['2 base-url']);
    expect(r.outcomes.find((o) => o.relPath === 'config/sys.config')?.after).toContain('{base_url, <<"https://');
  });
});

describe('PowerShell read by its tokens', () => {
  it('hashtable keys, a parameter\'s list of modes, answers held by locals, statuses compared; the helpdesk cmdlet is not', async () => {
    writeTree(dir, {
      'Public/New-SCComplaint.ps1': [
        'function New-SCComplaint {',
        '    param([string]$Text, [string]$Note)',
        '    $body = @{',
        '        text  = $Text',
        '        extra = $Note',
        '    }',
        "    Invoke-SCRequest -Path 'complaints/' -Method Post -Body $body",
        '}',
      ].join('\n'),
      'Public/New-SCIntent.ps1': [
        'function New-SCIntent {',
        '    param([string]$Intent, [string]$Detail)',
        '    $body = @{ intent = $Intent }',
        '    if ($Detail) { $body.detail = $Detail }',
        "    Invoke-SCRequest -Path 'intents/' -Method Post -Body $body",
        '}',
      ].join('\n'),
      'Public/Send-HDNote.ps1': [
        'function Send-HDNote {',
        '    param([string]$Detail)',
        '    $body = @{ subject = "note" }',
        '    if ($Detail) { $body.detail = $Detail }',
        "    Invoke-RestMethod -Uri 'https://desk.example.com/api/notes/' -Method Post -Body $body",
        '}',
      ].join('\n'),
      'Public/Set-SCMode.ps1': [
        'function Set-SCMode {',
        "    param([ValidateSet('complaint', 'safe', 'intent')][string]$To)",
        '    $response = Invoke-SCRequest -Path "interviews/$Token/" -Method Put -Body @{ mode = $To } -Raw',
        "    if ($response.StatusCode -eq 202) { 'Pending' }",
        '}',
      ].join('\n'),
      'Public/Get-SCResult.ps1': [
        'function Get-SCResult {',
        '    $result = Invoke-SCRequest -Path "results/$Token/"',
        '    foreach ($pc in @($result.triage_explanation.potential_condition)) {',
        '        [PSCustomObject]@{ Advice = $result.advice; Level = $pc.triage }',
        '    }',
        '}',
      ].join('\n'),
      'tests/SC.Tests.ps1': [
        "It 'reads a result' {",
        "    Mock Invoke-RestMethod { @{ advice = 'x' } } -ParameterFilter { $Uri -like 'https://sandbox.buoyhealth.com/api/results/*' }",
        "    $r = Get-SCResult -Token 'r-1'",
        "    $r.Advice | Should -Be 'See a doctor'",
        '}',
      ].join('\n'),
      'Public/New-HDTicket.ps1': [
        'function New-HDTicket {',
        "    param([ValidateSet('complaint', 'billing')][string]$Mode)",
        "    $body = @{ mode = $Mode; extra = @{ source = 'test' } }",
        "    $t = Invoke-RestMethod -Uri 'https://desk.example.com/api/tickets/' -Method Post -Body $body",
        '    $t.advice',
        "    if ($t.StatusCode -eq 202) { 'Queued' }",
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Public/New-SCComplaint.ps1')).toEqual(['5 complaint-extra-removed']);
    // A parameter named for a field the one resource the cmdlet calls no longer takes, and the body it is set on.
    expect(sites(r, 'Public/New-SCIntent.ps1')).toEqual(['2 intent-detail-context-removed', '4 intent-detail-context-removed'].sort());
    expect(sites(r, 'Public/Send-HDNote.ps1')).toEqual([]);
    expect(sites(r, 'Public/Set-SCMode.ps1')).toEqual(['2 mode-complaint-renamed-input', '2 mode-safe-triage-removed', '4 mode-update-status-200'].sort());
    expect(sites(r, 'Public/Get-SCResult.ps1')).toEqual(['4 potential-condition-triage-removed', '4 result-advice-test-removed'].sort());
    expect(sites(r, 'tests/SC.Tests.ps1')).toEqual(['2 base-url', '2 base-url', '2 result-advice-test-removed', '4 result-advice-test-removed'].sort());
    expect(sites(r, 'Public/New-HDTicket.ps1')).toEqual([]);
  });
});
