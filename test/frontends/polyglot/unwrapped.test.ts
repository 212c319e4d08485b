import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * Values that reach a read through an HTTP library's unwrapping (`parsed_response`, `toArray()`, `result.get()`, a
 * decoded publisher, a path built by a function), modes grouped in a namespace, and a model's reads of its own
 * fields; each beside another service's value of the same shape that stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const run = () => scanProject(dir);

describe('reads through a library\'s unwrapping', () => {
  it('Ruby: an HTTParty parsed_response of a mode update, and a desk\'s parsed_response of the same shape', async () => {
    writeTree(dir, {
      'lib/checker_api.rb': [
        'class CheckerApi',
        '  include HTTParty',
        '  base_uri "https://www.buoyhealth.com/api/"',
        '',
        '  def self.change_mode(token, mode)',
        '    put("/interviews/#{token}/", body: { mode: mode }.to_json)',
        '  end',
        'end',
      ].join('\n'),
      'lib/walker.rb': [
        'class Walker',
        '  def step(token, mode)',
        '    reply = CheckerApi.change_mode(token, mode)',
        '    data = reply.parsed_response || {}',
        '    puts data["msg"]',
        '    puts data.dig("msg")',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk.rb': [
        'class Desk',
        '  include HTTParty',
        '  base_uri "https://desk.example.org/api/"',
        '',
        '  def self.reopen(id)',
        '    reply = put("/tickets/#{id}/", body: { state: "open" }.to_json)',
        '    reply.parsed_response["msg"]',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/walker.rb')).toEqual(['5 update-msg-in-links', '6 update-msg-in-links']);
    expect(sites(r, 'lib/desk.rb')).toEqual([]);
  });

  it('PHP: a Symfony response\'s toArray() after a mode update; another service\'s toArray() stays', async () => {
    writeTree(dir, {
      'src/Checker.php': [
        '<?php',
        'final class Checker',
        '{',
        '    public function move(string $token, string $mode): ?string',
        '    {',
        '        $reply = $this->http->request(\'PUT\', sprintf(\'interviews/%s/\', $token), [\'json\' => [\'mode\' => $mode]]);',
        '        $payload = $reply->toArray();',
        '        return $payload[\'msg\'] ?? null;',
        '    }',
        '}',
      ].join('\n'),
      'src/Desk.php': [
        '<?php',
        'final class Desk',
        '{',
        '    public function close(string $id): ?string',
        '    {',
        '        $reply = $this->http->request(\'PUT\', \'https://desk.example.org/api/tickets/\' . $id, [\'json\' => [\'state\' => \'closed\']]);',
        '        $payload = $reply->toArray();',
        '        return $payload[\'msg\'] ?? null;',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'src/Checker.php')).toEqual(['8 update-msg-in-links']);
    expect(sites(r, 'src/Desk.php')).toEqual([]);
  });

  it('Dart: a path built by a function of another file, a body defaulted to a typed empty map; a desk\'s path function stays', async () => {
    writeTree(dir, {
      'lib/paths.dart': [
        'class CheckerPaths {',
        '  static String interview(String token) => \'interviews/$token/\';',
        '}',
        '',
        'class DeskPaths {',
        '  static String ticket(String id) => \'https://desk.example.org/api/tickets/$id/\';',
        '}',
      ].join('\n'),
      'lib/repo.dart': [
        'class Repo {',
        '  Repo(this._dio);',
        '  final Dio _dio;',
        '',
        '  Future<String?> move(String token, String mode) async {',
        '    final reply = await _dio.put<Map<String, dynamic>>(CheckerPaths.interview(token), data: {\'mode\': mode});',
        '    final body = reply.data ?? const <String, dynamic>{};',
        '    return body[\'msg\'] as String?;',
        '  }',
        '',
        '  Future<String?> close(String id) async {',
        '    final reply = await _dio.put<Map<String, dynamic>>(DeskPaths.ticket(id), data: {\'state\': \'closed\'});',
        '    final body = reply.data ?? const <String, dynamic>{};',
        '    return body[\'msg\'] as String?;',
        '  }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/repo.dart')).toEqual(['8 update-msg-in-links']);
  });

  it('Swift: a publisher that decodes the model, unwrapped with result.get(); another decoded type\'s msg stays', async () => {
    writeTree(dir, {
      'Sources/Models.swift': [
        'struct Interview: Decodable {',
        '    let token: String',
        '    let msg: String?',
        '}',
        '',
        'struct TicketReply: Decodable {',
        '    let msg: String?',
        '}',
      ].join('\n'),
      'Sources/Client.swift': [
        'final class Client {',
        '    let base = "https://www.buoyhealth.com/api/"',
        '',
        '    func move(_ url: URLConvertible) -> AnyPublisher<String?, Error> {',
        '        session.request(url, method: .put)',
        '            .publishDecodable(type: Interview.self)',
        '            .tryMap { reply -> String? in',
        '                let interview = try reply.result.get()',
        '                return interview.msg',
        '            }',
        '            .eraseToAnyPublisher()',
        '    }',
        '',
        '    func close(_ url: URLConvertible) -> AnyPublisher<String?, Error> {',
        '        session.request(url, method: .put)',
        '            .publishDecodable(type: TicketReply.self)',
        '            .tryMap { reply -> String? in',
        '                let ticket = try reply.result.get()',
        '                return ticket.msg',
        '            }',
        '            .eraseToAnyPublisher()',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'Sources/Client.swift')).toEqual(['2 base-url', '9 update-msg-in-links']);
  });
});

describe('modes grouped in a namespace', () => {
  it('Ruby: constants and a label table in `module Modes`; a desk\'s `module TicketModes` stays', async () => {
    writeTree(dir, {
      'lib/checker/modes.rb': [
        'module SymptomChecker',
        '  module Modes',
        '    COMPLAINT = "complaint"',
        '    SAFE = "safe"',
        '',
        '    CAPTIONS = {',
        '      "complaint" => "What brings you here",',
        '      "safe" => "Safety first",',
        '    }.freeze',
        '  end',
        'end',
      ].join('\n'),
      'lib/checker/client.rb': [
        'module SymptomChecker',
        '  class Client',
        '    BASE = "https://www.buoyhealth.com/api/"',
        '    def set_mode(token, mode)',
        '      HTTParty.put(BASE + "interviews/#{token}/", body: { mode: mode }.to_json)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/ticket_modes.rb': [
        'module SymptomChecker',
        '  module TicketModes',
        '    COMPLAINT = "complaint"',
        '    SAFE = "safe"',
        '',
        '    CAPTIONS = {',
        '      "complaint" => "Complaint",',
        '      "safe" => "Safe to close",',
        '    }.freeze',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/checker/modes.rb')).toEqual(['3 mode-complaint-renamed-input', '4 mode-safe-triage-removed', '7 mode-complaint-renamed-input', '8 mode-safe-triage-removed']);
    expect(sites(r, 'lib/desk/ticket_modes.rb')).toEqual([]);
  });
});

describe('a model\'s reads of its own fields', () => {
  it('Ruby: bare reads and instance variables in the model\'s methods; a local of that name and another model\'s field stay', async () => {
    writeTree(dir, {
      'lib/checker/result.rb': [
        'module Checker',
        '  class Result',
        '    attr_reader :advice, :triage',
        '',
        '    def initialize(hash)',
        '      @advice = hash["advice"]',
        '      @triage = hash["triage"]',
        '    end',
        '',
        '    def advice_text',
        '      advice.is_a?(Hash) ? advice["text"] : advice.to_s',
        '    end',
        '',
        '    def shout',
        '      @advice.to_s.upcase',
        '    end',
        '',
        '    def quote(advice)',
        '      "> #{advice}"',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/checker/client.rb': [
        'module Checker',
        '  class Client',
        '    def result(token)',
        '      Result.new(HTTParty.get("https://www.buoyhealth.com/api/results/#{token}/").parsed_response)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/reply.rb': [
        'module Desk',
        '  class Reply',
        '    attr_reader :advice',
        '',
        '    def advice_text',
        '      advice.to_s',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/checker/result.rb')).toEqual(['11 result-advice-test-removed', '11 result-advice-test-removed', '11 result-advice-test-removed', '15 result-advice-test-removed', '3 result-advice-test-removed', '6 result-advice-test-removed']);
    expect(sites(r, 'lib/desk/reply.rb')).toEqual([]);
  });

  it('Kotlin: a computed property reads the field by its bare name; a property typed with a class of that name stays', async () => {
    writeTree(dir, {
      'src/Result.kt': [
        'data class Result(',
        '    @SerialName("advice") val advice: String? = null,',
        '    val triage: Triage? = null,',
        ') {',
        '    val hasAdvice: Boolean get() = advice != null',
        '    fun label(advice: String) = "advice: $advice"',
        '}',
        '',
        'data class Triage(val level: String)',
      ].join('\n'),
      'src/Api.kt': [
        'interface Api {',
        '    @GET("results/{token}/")',
        '    suspend fun result(@Path("token") token: String): Result',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'src/Result.kt')).toEqual(['2 result-advice-test-removed', '5 result-advice-test-removed']);
  });
});

describe('audiences taken from the base, and fields given to an endpoint', () => {
  it("Kotlin: a MicroProfile setting of the audience whose default is the base's constant; the base setting with it, and a desk's audience default, stay", async () => {
    writeTree(dir, {
      'src/main/kotlin/sc/Defaults.kt': ['object Defaults {', '    const val SANDBOX_BASE_URL = "https://sandbox.buoyhealth.com/api/"', '    const val DESK_BASE_URL = "https://desk.example.org/api/"', '}', ''].join('\n'),
      'src/main/kotlin/sc/ScConfig.kt': [
        'class ScConfig {',
        '    @ConfigProperty(name = "sc.api.base-url", defaultValue = Defaults.SANDBOX_BASE_URL)',
        '    lateinit var apiBaseUrl: String',
        '',
        '    @ConfigProperty(name = "sc.auth.audience", defaultValue = Defaults.SANDBOX_BASE_URL)',
        '    lateinit var audience: String',
        '',
        '    @ConfigProperty(name = "desk.auth.audience-id", defaultValue = "care-desk")',
        '    lateinit var deskAudience: String',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'src/main/kotlin/sc/ScConfig.kt')).toEqual(['5 token-audience']);
  });

  it('Ruby: an audience method that returns the base without `return`; a desk\'s audience method stays', async () => {
    writeTree(dir, {
      'lib/checker/tokens.rb': [
        'module SymptomChecker',
        '  class Tokens',
        '    AUTH = "https://auth.buoyhealth.com/oauth/token"',
        '',
        '    def audience',
        '      @settings[:audience].presence || @settings.fetch(:api_base)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
      'lib/desk/tokens.rb': [
        'module SymptomChecker',
        '  class DeskTokens',
        '    AUTH = "https://desk.example.org/oauth/token"',
        '',
        '    def audience',
        '      @settings.fetch(:desk_audience)',
        '    end',
        '  end',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'lib/checker/tokens.rb')).toEqual(['6 token-audience']);
    expect(sites(r, 'lib/desk/tokens.rb')).toEqual([]);
  });

  it('Ruby: a dry-configurable setting of the audience defaulting to the base (`setting :audience, ENV.fetch(…, defaults[:api_base])`); a desk\'s stays', async () => {
    writeTree(dir, {
      'config/settings.rb': [
        'class Settings',
        '  extend Dry::Configurable',
        '  DEFAULTS = { api_base: "https://sandbox.buoyhealth.com/api/" }.freeze',
        '',
        '  setting :buoy do',
        '    setting :api_base, ENV.fetch("BUOY_API_BASE", DEFAULTS[:api_base])',
        '    setting :audience, ENV.fetch("BUOY_AUDIENCE", DEFAULTS[:api_base])',
        '  end',
        'end',
      ].join('\n'),
      'config/desk_settings.rb': [
        'class DeskSettings',
        '  extend Dry::Configurable',
        '  DEFAULTS = { api_base: "https://desk.example.org/api/" }.freeze',
        '',
        '  setting :audience, ENV.fetch("DESK_AUDIENCE", DEFAULTS[:api_base])',
        'end',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'config/settings.rb').filter((s) => !s.includes('base-url'))).toEqual(['7 token-audience']);
    expect(sites(r, 'config/desk_settings.rb')).toEqual([]);
  });

  it('Dart: a test constant used as the base and as the audience; one used only as the audience is rewritten, not marked', async () => {
    writeTree(dir, {
      'test/auth_test.dart': [
        "const _base = 'https://sandbox.buoyhealth.com/api/';",
        "const _tokenAudience = 'https://www.buoyhealth.com/api/';",
        '',
        'void main() {',
        "  final dio = Dio(BaseOptions(baseUrl: _base));",
        "  final sent = {'grant_type': 'client_credentials', 'audience': _base};",
        "  final other = {'grant_type': 'client_credentials', 'audience': _tokenAudience};",
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'test/auth_test.dart')).toEqual(['1 base-url', '2 token-audience', '6 token-audience']);
  });

  it('Ruby and Python: a field given by keyword or as the named part to an endpoint whose result is assigned; another client\'s stays', async () => {
    writeTree(dir, {
      'lib/checker_client.rb': [
        'class CheckerClient',
        '  def self.start_interview(profile:)',
        '    HTTParty.post("https://www.buoyhealth.com/api/interviews/anonymous/", body: { profile: profile }.to_json)',
        '  end',
        'end',
      ].join('\n'),
      'spec/checker_client_spec.rb': [
        'RSpec.describe CheckerClient do',
        '  it "starts" do',
        '    reply = CheckerClient.start_interview(profile: { age: 0, sex: "male" })',
        '    expect(reply.code).to eq(201)',
        '  end',
        'end',
      ].join('\n'),
      'app/checker.py': [
        'API = "https://www.buoyhealth.com/api/"',
        '',
        'class Checker:',
        '    def start_interview(self, profile, location=None):',
        '        return self.http.post(API + "interviews/anonymous/", json={"profile": profile})',
        '',
        'class Desk:',
        '    def open_case(self, profile):',
        '        return self.http.post("https://desk.example.org/api/cases/", json={"profile": profile})',
      ].join('\n'),
      'tests/test_checker.py': [
        'def test_begin(checker, desk):',
        '    reply = checker.start_interview({"age": 121, "sex": "female"})',
        '    case = desk.open_case({"age": 121, "sex": "female"})',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'spec/checker_client_spec.rb')).toEqual(['3 profile-age-range']);
    expect(sites(r, 'tests/test_checker.py')).toEqual(['2 profile-age-range']);
  });
});

describe('parameters of an endpoint named as a removed field', () => {
  it('C#: a client\'s parameter `extra` beside the model initialiser that sends it; a desk client\'s `extra` stays', async () => {
    writeTree(dir, {
      'src/Checker.cs': [
        'public class Checker : IChecker',
        '{',
        '    public async Task<Complaint> AddComplaintAsync(string token, string text, string extra = null, CancellationToken ct = default)',
        '    {',
        '        var request = new RestRequest("complaints/", Method.POST);',
        '        request.AddJsonBody(new ComplaintBody { Interview = token, Text = text, Extra = extra });',
        '        return await Send<Complaint>(request, ct);',
        '    }',
        '}',
      ].join('\n'),
      'src/Desk.cs': [
        'public class Desk',
        '{',
        '    public async Task<Ticket> AddTicketAsync(string text, string extra = null)',
        '    {',
        '        var request = new RestRequest("https://desk.example.org/api/tickets/", Method.POST);',
        '        request.AddJsonBody(new { text, extra });',
        '        return await Send<Ticket>(request);',
        '    }',
        '}',
      ].join('\n'),
    });
    const r = await run();
    expect(sites(r, 'src/Checker.cs')).toEqual(['3 complaint-extra-removed', '6 complaint-extra-removed']);
    expect(sites(r, 'src/Desk.cs')).toEqual([]);
  });
});
