import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Model types of the API declared in files that say nothing of it themselves: the types are the API's because a
 * file that talks to it names them, and the map a model's serialising method returns is that model on the wire.
 * Each tree has a helpdesk's twin of the same shape, which must stay unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('models named by a file that talks to the API', () => {
  it('Swift: request and response structs in a models file, named by a router with resource paths', async () => {
    writeTree(dir, {
      'Net/Route.swift': [
        'enum Route {',
        '    case postComplaint(ComplaintRequest)',
        '    case postIntent(IntentRequest)',
        '    var path: String {',
        '        switch self {',
        '        case .postComplaint: return "complaints/"',
        '        case .postIntent: return "intents/"',
        '        }',
        '    }',
        '}',
      ].join('\n'),
      'Net/Api.swift': [
        'final class Api {',
        '    func open(_ r: Route) -> AnyPublisher<Complaint, Error> { send(r, as: Complaint.self) }',
        '}',
      ].join('\n'),
      'Models/Complaint.swift': [
        'struct ComplaintRequest: Encodable {',
        '    let text: String',
        '    let extra: [String: String]?',
        '}',
        'struct Complaint: Decodable {',
        '    let token: String',
        '    let extra: [String: String]?',
        '    enum CodingKeys: String, CodingKey {',
        '        case token, extra',
        '    }',
        '}',
      ].join('\n'),
      'Models/Intent.swift': ['struct IntentRequest: Encodable {', '    let kind: String', '    let detail: String?', '    let context: [String: String]?', '}'].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Models/Complaint.swift')).toEqual(['3 complaint-extra-removed', '7 complaint-extra-removed', '9 complaint-extra-removed']);
    expect(sites(r, 'Models/Intent.swift')).toEqual(['3 intent-detail-context-removed', '4 intent-detail-context-removed']);
  });

  it("Swift: the same structs named only by a helpdesk's router stay unreported", async () => {
    writeTree(dir, {
      'Desk/DeskRoute.swift': [
        'enum DeskRoute {',
        '    case postComplaint(ComplaintRequest)',
        '    case postIntent(IntentRequest)',
        '    var url: String {',
        '        switch self {',
        '        case .postComplaint: return "https://help.example-desk.com/api/complaints/"',
        '        case .postIntent: return "https://help.example-desk.com/api/intents/"',
        '        }',
        '    }',
        '}',
      ].join('\n'),
      'Models/Complaint.swift': ['struct ComplaintRequest: Encodable {', '    let text: String', '    let extra: [String: String]?', '}'].join('\n'),
      'Models/Intent.swift': ['struct IntentRequest: Encodable {', '    let kind: String', '    let detail: String?', '    let context: [String: String]?', '}'].join('\n'),
    });
    const r = await scanProject(dir);
    for (const f of ['Models/Complaint.swift', 'Models/Intent.swift', 'Desk/DeskRoute.swift']) expect(sites(r, f)).toEqual([]);
  });
});

describe("a model's serialising method", () => {
  it("Dart: the map `toRequestBody()` returns, entries under a collection `if` included, is the model's body; a helpdesk model's is not", async () => {
    writeTree(dir, {
      'lib/api/paths.dart': "class Paths {\n  static const intents = 'intents/';\n}\n",
      'lib/models/user_intent.dart': [
        'class UserIntent {',
        '  const UserIntent({required this.kind, this.detail, this.context});',
        '  final String kind;',
        '  final String? detail;',
        '  final Map<String, dynamic>? context;',
        '',
        '  Map<String, dynamic> toRequestBody() => <String, dynamic>{',
        "        'kind': kind,",
        "        if (detail != null) 'detail': detail,",
        "        'context': context ?? <String, dynamic>{},",
        '      };',
        '}',
      ].join('\n'),
      'lib/repo.dart': [
        'class Repo {',
        '  Future<UserIntent> addIntent(UserIntent i) async {',
        '    final r = await dio.post(Paths.intents, data: i.toRequestBody());',
        '    return UserIntent(kind: r.data["kind"]);',
        '  }',
        '}',
      ].join('\n'),
      'lib/desk/desk_note.dart': [
        'class DeskNote {',
        '  const DeskNote({this.detail, this.context});',
        '  final String? detail;',
        '  final Map<String, dynamic>? context;',
        '',
        '  Map<String, dynamic> toRequestBody() => <String, dynamic>{',
        "        if (detail != null) 'detail': detail,",
        "        'context': context ?? <String, dynamic>{},",
        '      };',
        '}',
      ].join('\n'),
      'lib/desk/desk_repo.dart': [
        'class DeskRepo {',
        '  Future<void> addNote(DeskNote n) async {',
        "    await dio.post('https://help.example-desk.com/api/intents/', data: n.toRequestBody());",
        '  }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/models/user_intent.dart')).toEqual(
      expect.arrayContaining(['9 intent-detail-context-removed', '10 intent-detail-context-removed']),
    );
    expect(sites(r, 'lib/desk/desk_note.dart')).toEqual([]);
    expect(sites(r, 'lib/desk/desk_repo.dart')).toEqual([]);
  });
});

describe('lists of a part\'s fields, by the name that holds them', () => {
  it('Ruby and Python: `PROFILE_ATTRIBUTES = %i[…]`, `INTENT_KEYS = %w[…]`, `PROFILE_FIELDS = (…)`; a ticket\'s list of the same words stays', async () => {
    writeTree(dir, {
      'app/services/checkup.rb': [
        'class Checkup',
        '  PROFILE_ATTRIBUTES = %i[age sex height bmi].freeze',
        '  INTENT_KEYS = %w[kind detail].freeze',
        '  TICKET_FIELDS = %i[detail context height].freeze',
        'end',
      ].join('\n'),
      'etl/columns.py': 'PROFILE_FIELDS = ("age", "race", "weight")\nTICKET_COLUMNS = ("detail", "weight")\n',
    });
    const r = await scanProject(dir);
    expect(sites(r, 'app/services/checkup.rb')).toEqual([
      '2 interview-profile-fields-removed',
      '2 interview-profile-fields-removed',
      '3 intent-detail-context-removed',
    ]);
    expect(sites(r, 'etl/columns.py')).toEqual(['1 interview-profile-fields-removed', '1 interview-profile-fields-removed']);
  });
});

describe("a part's constructor inside a call given the resource's URL", () => {
  it('Dart: `Profile(height: …)` built in a callback of a call to the interviews path is the profile, not the body', async () => {
    writeTree(dir, {
      'lib/models.dart': 'class Profile {\n  const Profile({required this.age, this.height});\n  final int age;\n  final double? height;\n}\n',
      'lib/start.dart': [
        'Future<void> start(Dio dio, double cm) async {',
        "  await guard('interviews/anonymous/', () async {",
        '    final p = Profile(age: 40, height: cm);',
        "    await dio.post('interviews/anonymous/', data: {'profile': p.toJson()});",
        '  });',
        "  await guard('https://help.example-desk.com/api/tickets/', () async {",
        '    final t = Ticket(age: 40, height: cm);',
        '  });',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'lib/start.dart')).toEqual(['3 interview-profile-fields-removed']);
  });
});

describe('a model field whose key qualifies its name with a unit', () => {
  it('Swift: `case height = "height_in"` in a profile\'s CodingKeys is the removed `height`; a vitals struct of another service stays', async () => {
    writeTree(dir, {
      'Models/Profile.swift': [
        'let base = "https://sandbox.buoyhealth.com/api/"',
        'struct Profile: Codable {',
        '    var age: Int',
        '    var height: Double?',
        '    enum CodingKeys: String, CodingKey {',
        '        case age = "age_years"',
        '        case height = "height_in"',
        '    }',
        '}',
        'struct Vitals: Codable {',
        '    var height: Double?',
        '    enum CodingKeys: String, CodingKey {',
        '        case height = "height_in"',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Models/Profile.swift').filter((s) => !s.endsWith('base-url'))).toEqual(['4 interview-profile-fields-removed', '7 interview-profile-fields-removed']);
  });

  it('Swift: `Profile(age: a, height: h)` built elsewhere sends the removed `height` its CodingKeys read from `height_in`; `Vitals(height: h)` stays', async () => {
    writeTree(dir, {
      'Models/Profile.swift': [
        'let base = "https://sandbox.buoyhealth.com/api/"',
        'struct Profile: Codable {',
        '    var age: Int',
        '    var height: Double?',
        '    enum CodingKeys: String, CodingKey {',
        '        case age',
        '        case height = "height_in"',
        '    }',
        '}',
        'struct Vitals: Codable {',
        '    var height: Double?',
        '    enum CodingKeys: String, CodingKey {',
        '        case height = "height_in"',
        '    }',
        '}',
      ].join('\n'),
      'Flow/Start.swift': [
        'final class Start {',
        '    func profile(age: Int, h: Double?) -> Profile {',
        '        let vitals = Vitals(height: h)',
        '        return Profile(age: age, height: vitals.height)',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Flow/Start.swift')).toEqual(['4 interview-profile-fields-removed']);
  });
});
