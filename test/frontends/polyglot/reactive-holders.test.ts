import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';

/**
 * A reactive holder built for one of the API's models (RxSwift's `BehaviorRelay<InterviewResult?>(value: nil)`,
 * Kotlin's `MutableStateFlow<Result?>(null)`) holds that model: what a closure given its stream reads
 * (`result.asDriver().map { r in r?.advice }`) is the model's field. A holder of another service's model stays.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

describe('reactive holders of a model', () => {
  it('Swift: a BehaviorRelay of the result read in a Driver map; a relay of a desk reply stays', async () => {
    writeTree(dir, {
      'Net/Service.swift': [
        'import RxSwift',
        'struct InterviewResult: Codable { let advice: [String]? }',
        'struct DeskReply: Codable { let advice: [String]? }',
        'final class Service {',
        '    func result(token: String) -> Single<InterviewResult> {',
        '        let url = URL(string: "https://www.buoyhealth.com/api/results/\\(token)/")!',
        '        return URLSession.shared.rx.data(request: URLRequest(url: url)).map { try JSONDecoder().decode(InterviewResult.self, from: $0) }.asSingle()',
        '    }',
        '    func reply(id: String) -> Single<DeskReply> {',
        '        let url = URL(string: "https://desk.example.org/api/replies/\\(id)/")!',
        '        return URLSession.shared.rx.data(request: URLRequest(url: url)).map { try JSONDecoder().decode(DeskReply.self, from: $0) }.asSingle()',
        '    }',
        '}',
        '',
      ].join('\n'),
      'UI/ResultViewModel.swift': [
        'import RxSwift',
        'import RxCocoa',
        'final class ResultViewModel {',
        '    let result = BehaviorRelay<InterviewResult?>(value: nil)',
        '    let reply = BehaviorRelay<DeskReply?>(value: nil)',
        '    private let service: Service',
        '    init(service: Service) { self.service = service }',
        '    func load(token: String) { _ = service.result(token: token).subscribe(onSuccess: { [weak self] in self?.result.accept($0) }) }',
        '    var advice: Driver<[String]> {',
        '        return result.asDriver().map { r in',
        '            return r?.advice ?? []',
        '        }',
        '    }',
        '    var deskAdvice: Driver<[String]> {',
        '        return reply.asDriver().map { r in',
        '            return r?.advice ?? []',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'UI/ResultViewModel.swift')).toEqual(['11 result-advice-test-removed']);
  });
  it("Swift: a test's `try! service.updateMode(…).toBlocking().single()` bound by `guard case let .updated(response)`; a desk outcome bound from a `result` stays", async () => {
    writeTree(dir, {
      'Net/Service.swift': [
        'import RxSwift',
        'struct InterviewUpdateResponse: Codable { let msg: String? }',
        'struct DeskReceipt: Codable { let msg: String?; let advice: String? }',
        'enum ModeOutcome { case updated(InterviewUpdateResponse); case accepted }',
        'enum DeskOutcome { case filed(DeskReceipt); case queued }',
        'final class Service {',
        '    func updateMode(token: String, mode: String) -> Single<ModeOutcome> {',
        '        var request = URLRequest(url: URL(string: "https://www.buoyhealth.com/api/interviews/\\(token)/")!)',
        '        request.httpMethod = "PUT"',
        '        return URLSession.shared.rx.data(request: request).map { .updated(try JSONDecoder().decode(InterviewUpdateResponse.self, from: $0)) }.asSingle()',
        '    }',
        '    func file(id: String) -> Single<DeskOutcome> {',
        '        let request = URLRequest(url: URL(string: "https://desk.example.org/api/tickets/\\(id)/")!)',
        '        return URLSession.shared.rx.data(request: request).map { .filed(try JSONDecoder().decode(DeskReceipt.self, from: $0)) }.asSingle()',
        '    }',
        '}',
        '',
      ].join('\n'),
      'Tests/ServiceSpec.swift': [
        'import RxBlocking',
        'final class ServiceSpec: QuickSpec {',
        '    override func spec() {',
        '        let service = Service()',
        '        it("surfaces the message") {',
        '            let outcome = try! service.updateMode(token: "t", mode: "differential").toBlocking().single()',
        '            guard case let .updated(response) = outcome else { return fail("expected updated") }',
        '            expect(response.msg) == "Interview mode updated."',
        '        }',
        '        it("files a ticket") {',
        '            let result = try! service.file(id: "1").toBlocking().single()',
        '            guard case let .filed(receipt) = result else { return fail("expected filed") }',
        '            expect(receipt.msg) == "Filed."',
        '            expect(receipt.advice) == "Reply within a day."',
        '        }',
        '    }',
        '}',
        '',
      ].join('\n'),
    });
    const r = await scanProject(dir);
    expect(sites(r, 'Tests/ServiceSpec.swift')).toEqual(['8 update-msg-in-links']);
  });
});
