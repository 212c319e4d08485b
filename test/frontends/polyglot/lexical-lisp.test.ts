import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanProject, sites } from './support';
import { cleanup, tmpDir, writeTree } from '../../cli/helpers';
import { lispTokens } from '../../../codemods/frontends/polyglot/lexical-lisp-tokens';

/**
 * Clojure and ClojureScript, read by their own tokens in the shapes other languages are parsed in (lexical-lisp.ts):
 * keyword-keyed maps, keyword reads, `get`/`get-in`/threading, destructuring, namespaced spec keys, `def`s of modes
 * and their uses, statuses compared or stubbed. A helpdesk client of the same shapes, in the same run, stays unreported.
 */

let dir: string;
beforeEach(() => {
  dir = tmpDir();
});
afterEach(() => cleanup(dir));

const app = {
  'src/checker/modes.clj': [
    '(ns checker.modes)',
    '(def input-mode "complaint")',
    '(def safe "safe")',
    '(def question-modes #{safe "differential"})',
  ].join('\n'),
  // clj-http, paths written as strings, a team's own names.
  'src/checker/api.clj': [
    '(ns checker.api',
    '  (:require [clj-http.client :as http]',
    '            [checker.modes :as modes]))',
    '',
    '(defn start-interview [base profile]',
    '  (let [resp (http/post (str base "/interviews/anonymous/") {:form-params {:profile profile :interview_mode false} :as :json})]',
    '    (when (= 400 (:status resp)) (throw (ex-info "where?" {})))',
    '    (get-in resp [:body :variant])))',
    '',
    '(defn set-mode [base token mode]',
    '  (let [resp (http/put (str base "/interviews/" token "/") {:form-params {:mode mode}})]',
    '    (if (= 202 (:status resp)) :pending (-> resp :body :msg))))',
    '',
    '(defn file-complaint [base token text note]',
    '  (http/post (str base "/complaints/") {:form-params {:interview token :text text :extra note}}))',
    '',
    '(defn outcome [base token]',
    '  (let [{:keys [advice test] :as r} (:body (http/get (str base "/results/" token "/")))]',
    '    {:advice advice',
    '     :level (get-in r [:triage_explanation :potential_condition :triage])}))',
    '',
    '(defn safety-check [base token] (set-mode base token modes/safe))',
    // The desk's complaint endpoint in the same file: its own path, another host.
    '(defn file-complaint! [url text note]',
    '  (http/post (str url "/tickets/") {:form-params {:mode "complaint" :text text :extra note}}))',
    '(defn escalate [text] (http/post "https://desk.example.com/api/escalations/" {:form-params {:mode "complaint"}}))',
  ].join('\n'),
  // Another team: malli schemas, a let-bound answer, JSON read without keywords.
  'src/checker/schema.cljs': [
    '(ns checker.schema (:require [checker.api :as api]))',
    '(def Interview',
    '  [:map [:token :string]',
    '   [:profile [:map [:age :int] [:bmi {:optional true} :double]]]])',
    '',
    '(defn summary [base token]',
    '  (let [r (api/outcome base token)',
    '        raw (js->clj (api/fetch-result base token))',
    '        {:strs [advice]} raw]',
    '    [(:test r) (get-in raw ["triage_explanation" "potential_condition" "triage"]) advice]))',
  ].join('\n'),
  // clj-http-fake routes on the API's own address, a case on the status, a body built with assoc.
  'test/checker/api_test.clj': [
    '(ns checker.api-test (:require [clj-http.fake :refer [with-fake-routes]] [clj-http.client :as http]))',
    '(deftest pending-mode',
    '  (with-fake-routes {"https://sandbox.buoyhealth.com/api/interviews/iv-1/" (fn [_] {:status 202 :body ""})}',
    '    (let [resp (http/put "https://sandbox.buoyhealth.com/api/interviews/iv-1/" {})]',
    '      (case (:status resp) 202 :pending :done))))',
    '(defn complaint-body [token text note]',
    '  (assoc {:interview token :text text} :extra note))',
  ].join('\n'),
  // Records and Plumatic Schema; a ring handler of the app's own route answers its own 202.
  'src/checker/models.clj': [
    '(ns checker.models (:require [schema.core :as s]))',
    '(defrecord Result [token advice triage])',
    '(s/defschema Complaint {:interview s/Str :text s/Str (s/optional-key :extra) s/Str})',
  ].join('\n'),
  'src/checker/routes.clj': [
    '(ns checker.routes (:require [ring.util.response :as resp] [checker.api :as api]))',
    '(defn update-mode-handler [{{:keys [token mode]} :params}]',
    '  (let [r (api/set-mode "http://localhost" token mode)]',
    '    (if (= :pending r) {:status 202 :body {:pending true}} (resp/response {:msg r}))))',
  ].join('\n'),
  'src/checker/spec.cljc': [
    '(ns checker.spec (:require [clojure.spec.alpha :as s]))',
    '(s/def :checker.result/advice (s/nilable string?))',
    '(s/def :checker/result (s/keys :req-un [:checker.result/triage] :opt-un [:checker.result/advice]))',
  ].join('\n'),
};

const desk = {
  'src/checker/desk.clj': [
    '(ns checker.desk',
    '  (:require [clj-http.client :as http]',
    '            [clojure.spec.alpha :as s]))',
    '',
    '(def ticket-mode "complaint")',
    '(s/def :desk.ticket/mode #{"complaint" "praise"})',
    '(s/def :desk.ticket/extra map?)',
    '',
    '(defn open-ticket [base subject extra]',
    '  (let [resp (http/post (str base "/tickets/") {:form-params {:subject subject :mode "complaint" :extra extra}})]',
    '    (when (= 202 (:status resp)) :queued)',
    '    (-> resp :body :advice)))',
  ].join('\n'),
  'src/checker/desk_schema.cljs': [
    '(ns checker.desk-schema (:require [checker.desk :as desk]))',
    '(def Ticket [:map [:mode :string] [:extra {:optional true} :map]])',
    '(defn ticket-advice [base t]',
    '  (let [r (desk/open-ticket base t {})] (:advice r)))',
  ].join('\n'),
  'test/checker/desk_test.clj': [
    '(ns checker.desk-test (:require [clj-http.fake :refer [with-fake-routes]] [clj-http.client :as http]))',
    '(deftest queued-ticket',
    '  (with-fake-routes {"https://desk.example.com/api/complaints/" (fn [_] {:status 202 :body ""})}',
    '    (let [resp (http/post "https://desk.example.com/api/complaints/" {})]',
    '      (case (:status resp) 202 :queued :done))))',
    '(defn ticket-body [subject note]',
    '  (assoc {:subject subject} :extra note :mode "complaint"))',
  ].join('\n'),
  'src/checker/desk_models.clj': [
    '(ns checker.desk-models (:require [schema.core :as s]))',
    '(defrecord Ticket [subject advice extra])',
    '(s/defschema NewTicket {:subject s/Str (s/optional-key :extra) s/Str})',
  ].join('\n'),
  'src/checker/feedback.clj': [
    '(ns checker.feedback',
    '  (:require [checker.desk :as desk]',
    '            [checker.api :as api]))',
    '',
    '(defn send-feedback [base text]',
    '  (desk/open-ticket base text {:mode "complaint" :extra {:text text}}))',
  ].join('\n'),
};

describe('Clojure read by its own tokens', () => {
  it('request maps, keyword reads and destructuring, spec keys, mode constants and their uses, statuses', async () => {
    writeTree(dir, { ...app, ...desk });
    const r = await scanProject(dir);
    expect(sites(r, 'src/checker/modes.clj')).toEqual(['2 mode-complaint-renamed-input', '3 mode-safe-triage-removed', '4 mode-safe-triage-removed'].sort());
    expect(sites(r, 'src/checker/api.clj')).toEqual([
      '6 interview-mode-flag-removed',
      '7 location-error-422',
      '8 interview-marketplace-variant-removed',
      '12 mode-update-status-200',
      '12 update-msg-in-links',
      '15 complaint-extra-removed',
      '18 result-advice-test-removed',
      '19 result-advice-test-removed',
      '20 potential-condition-triage-removed',
      '22 mode-safe-triage-removed',
    ].sort());
    expect(sites(r, 'src/checker/schema.cljs')).toEqual([
      '4 interview-profile-fields-removed',
      '9 result-advice-test-removed',
      '10 potential-condition-triage-removed',
      '10 result-advice-test-removed',
    ].sort());
    expect(sites(r, 'src/checker/desk_schema.cljs')).toEqual([]);
    // Its v1 addresses are rewritten by the text pass, as before.
    expect(sites(r, 'test/checker/api_test.clj').filter((x) => !x.endsWith('base-url'))).toEqual(['3 mode-update-status-200', '5 mode-update-status-200', '7 complaint-extra-removed'].sort());
    expect(sites(r, 'test/checker/desk_test.clj')).toEqual([]);
    expect(sites(r, 'src/checker/models.clj')).toEqual(['2 result-advice-test-removed', '3 complaint-extra-removed']);
    expect(sites(r, 'src/checker/routes.clj')).toEqual([]);
    expect(sites(r, 'src/checker/desk_models.clj')).toEqual([]);
    expect(sites(r, 'src/checker/spec.cljc')).toEqual(['2 result-advice-test-removed', '3 result-advice-test-removed']);
    // Another service's client of the same shapes, and a caller of it.
    expect(sites(r, 'src/checker/desk.clj')).toEqual([]);
    expect(sites(r, 'src/checker/feedback.clj')).toEqual([]);
    // Reports only.
    expect(r.outcomes.find((o) => o.relPath === 'src/checker/api.clj')?.after).toBe(app['src/checker/api.clj']);
  });

  it('reads keywords with their namespace, skips comments and reader marks', () => {
    const toks = lispTokens('; :advice\n(get-in r [:buoy.result/advice ::local]) #{"safe"} @calls');
    expect(toks.map((t) => `${t.kind}:${t.ns ? `${t.ns}/` : ''}${t.text}`)).toEqual([
      'open:(', 'sym:get-in', 'sym:r', 'open:[', 'kw:buoy.result/advice', 'kw:local', 'close:]', 'close:)', 'open:#{', 'str:safe', 'close:}', 'sym:calls',
    ]);
  });
});
