import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A member of another file that holds a v1 base (`Constants.API.sandboxBaseURL`, Dart's `Env.apiBaseUrl` getter):
 * the file that reads it talks to the API, so an audience taken from it is reported, in a computed property too
 * (`var audience: String { switch self { … } }`). An audience taken from a desk's base stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('v1 bases held by members of other files', () => {
  it('Swift: `var audience: String` returning `Constants.API.sandboxBaseURL` is reported; one returning the desk\'s base stays', async () => {
    writeTree(dir, {
      'Config/Constants.swift': [
        'enum Constants {',
        '    enum API {',
        '        static let sandboxBaseURL = "https://sandbox.buoyhealth.com/api/"',
        '    }',
        '    enum Desk {',
        '        static let deskBaseURL = "https://desk.example.org/api/"',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Config/AppEnvironment.swift': [
        'enum AppEnvironment {',
        '    case sandbox',
        '    var audience: String {',
        '        switch self {',
        '        case .sandbox: return Constants.API.sandboxBaseURL',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Desk/DeskEnvironment.swift': [
        'enum DeskEnvironment {',
        '    case sandbox',
        '    var audience: String {',
        '        switch self {',
        '        case .sandbox: return Constants.Desk.deskBaseURL',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Config/AppEnvironment.swift')).toEqual(['5 token-audience']);
    expect(sites(r, 'Desk/DeskEnvironment.swift')).toEqual([]);
  });

  it("Dart: `'audience': Env.apiBaseUrl` where the getter returns a v1 base per flavour is reported; the desk's stays", async () => {
    writeTree(dir, {
      'lib/env.dart': [
        'class Env {',
        "  static const bool prod = bool.fromEnvironment('PROD');",
        '  static String get apiBaseUrl {',
        "    if (prod) return 'https://www.buoyhealth.com/api/';",
        "    return 'https://sandbox.buoyhealth.com/api/';",
        '  }',
        "  static String get deskBaseUrl => 'https://desk.example.org/api/';",
        '}',
        '',
      ].join('\n'),
      'lib/token.dart': [
        'class TokenClient {',
        '  Future<void> fetch() async {',
        "    await _auth.post(Env.authUrl, data: {'audience': Env.apiBaseUrl, 'grant_type': 'client_credentials'});",
        '  }',
        '}',
        '',
      ].join('\n'),
      'lib/desk_token.dart': [
        'class DeskTokenClient {',
        '  Future<void> fetch() async {',
        "    await _auth.post(Env.deskAuthUrl, data: {'audience': Env.deskBaseUrl, 'grant_type': 'client_credentials'});",
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/token.dart')).toEqual(['3 token-audience']);
    expect(sites(r, 'lib/desk_token.dart')).toEqual([]);
  });
});
