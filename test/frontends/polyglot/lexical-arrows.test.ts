import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * `->` between spaces is an arrow, not a member read: `(Result Http.Error ModeUpdate -> msg)` in an Elm signature
 * names a type variable `msg`, no moved field of a mode update; a tight `$update->{msg}` (Perl) reads it.
 */
let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('arrows and member reads in the generic reader', () => {
  it('an Elm signature `ModeUpdate -> msg` reads no field; a Perl `$update->{msg}` of a mode update does', async () => {
    const elm = [
      'module Api exposing (updateMode)',
      '',
      'import Http',
      '',
      '',
      'base : String',
      'base =',
      '    "https://www.buoyhealth.com/api/"',
      '',
      '',
      'updateMode : String -> String -> (Result Http.Error ModeUpdate -> msg) -> Cmd msg',
      'updateMode token mode toMsg =',
      '    Http.request',
      '        { method = "PUT"',
      '        , url = base ++ "interviews/" ++ token ++ "/"',
      '        , expect = Http.expectJson toMsg Decoders.modeUpdate',
      '        }',
      '',
    ].join('\n');
    const perl = [
      'use strict;',
      'my $base = "https://www.buoyhealth.com/api/";',
      'sub update_mode {',
      '    my ($ua, $token, $mode) = @_;',
      '    my $update = $ua->put("${base}interviews/$token/", json => { mode => $mode })->res->json;',
      '    return $update->{msg};',
      '}',
      '1;',
      '',
    ].join('\n');
    writeTree(dir, { 'src/Api.elm': elm, 'lib/Client.pm': perl });
    const r = await scanProject(dir);
    expect(sites(r, 'src/Api.elm').filter((s) => s.includes('update-msg'))).toEqual([]);
    expect(sites(r, 'lib/Client.pm')).toContain('6 update-msg-in-links');
  });
});
