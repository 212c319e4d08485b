/**
 * C++ clients of the v1 API for cpp.test.ts, each beside a helpdesk client of the same shape (help.example.com:
 * its `mode` "complaint", `advice`, `test`, `extra`, `202`) that must stay byte-identical and unreported.
 */

/** nlohmann::json: brace-initialised bodies, a mode enum with a to_string switch, NLOHMANN_DEFINE_TYPE_*, `#define` and `static const` constants, at/value/contains reads. */
export const NLOHMANN_CLIENT = `#include <nlohmann/json.hpp>
#include <string>

#define SC_BASE_URL "https://sandbox.buoyhealth.com/api/"
#define SC_MODE_SAFE "safe"

namespace care {

using json = nlohmann::json;

static const std::string kDefaultMode = "complaint";

enum class InterviewMode { Complaint, Protocol };

std::string to_string(InterviewMode mode) {
    switch (mode) {
        case InterviewMode::Complaint: return "complaint";
        case InterviewMode::Protocol: return "protocol";
    }
    return "";
}

struct Result {
    std::string advice;
    std::string test;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Result, advice, test)

struct Answer {
    int status = 0;
    std::string body;
};

Answer send(const std::string& method, const std::string& url, const std::string& body);

bool set_mode(const std::string& token, InterviewMode mode) {
    json body = {{"mode", to_string(mode)}};
    Answer r = send("PUT", std::string(SC_BASE_URL) + "interviews/" + token + "/", body.dump());
    return r.status == 202;
}

void add_complaint(const std::string& token, const std::string& text, const std::string& note) {
    json body = {{"interview", token}, {"text", text}, {"extra", note}};
    send("POST", std::string(SC_BASE_URL) + "complaints/", body.dump());
}

std::string advice_of(const std::string& token) {
    Answer r = send("GET", std::string(SC_BASE_URL) + "results/" + token + "/", "");
    json j = json::parse(r.body);
    if (j.contains("advice")) return j.at("advice").get<std::string>();
    return j.value("test", "");
}

}  // namespace care
`;

export const NLOHMANN_DESK = `#include <nlohmann/json.hpp>
#include <string>

#define DESK_BASE_URL "https://help.example.com/api/"
#define DESK_MODE_SAFE "safe"

namespace desk {

using json = nlohmann::json;

static const std::string kTicketMode = "complaint";

enum class TicketMode { Complaint, Protocol };

std::string to_string(TicketMode mode) {
    switch (mode) {
        case TicketMode::Complaint: return "complaint";
        case TicketMode::Protocol: return "protocol";
    }
    return "";
}

struct Reply {
    std::string advice;
    std::string test;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Reply, advice, test)

struct Answer {
    int status = 0;
    std::string body;
};

Answer post(const std::string& method, const std::string& url, const std::string& body);

bool set_ticket_mode(const std::string& id, TicketMode mode) {
    json body = {{"mode", to_string(mode)}};
    Answer r = post("PUT", std::string(DESK_BASE_URL) + "tickets/" + id + "/", body.dump());
    return r.status == 202;
}

void add_issue(const std::string& id, const std::string& text, const std::string& note) {
    json body = {{"ticket", id}, {"text", text}, {"extra", note}};
    post("POST", std::string(DESK_BASE_URL) + "issues/", body.dump());
}

std::string advice_of(const std::string& id) {
    Answer r = post("GET", std::string(DESK_BASE_URL) + "replies/" + id + "/", "");
    json j = json::parse(r.body);
    if (j.contains("advice")) return j.at("advice").get<std::string>();
    return j.value("test", "");
}

}  // namespace desk
`;

/** A wire value mapped back to the mode case by `if (value == "…") return Mode::Case;`, and another thing's mode type. */
export const MODE_PARSER = `#include "mode.hpp"

namespace care {

InterviewMode mode_from_string(const std::string& value) {
    if (value == "complaint") return InterviewMode::Complaint;
    if (value == "protocol") return InterviewMode::Protocol;
    throw std::invalid_argument(value);
}

TicketMode ticket_mode_from_string(const std::string& value) {
    if (value == "complaint") return TicketMode::Complaint;
    return TicketMode::Protocol;
}

}  // namespace care
`;

/** GoogleTest's EXPECT_EQ on the interview's mode, and on a ticket's. */
export const GTEST = `#include <gtest/gtest.h>
#include "symptom_client.hpp"

TEST(SymptomClient, SendsMode) {
    care::Interview iv = care::start("https://sandbox.buoyhealth.com/api/");
    EXPECT_EQ(iv.mode, "complaint");
    auto r = care::result_of(iv.token);
    EXPECT_EQ(r.advice, "rest");
}

TEST(HelpdeskClient, SendsMode) {
    desk::Ticket t = desk::open("https://help.example.com/api/");
    EXPECT_EQ(t.mode, "complaint");
    EXPECT_EQ(t.advice, "rest");
}
`;

/** cpprestsdk (`U("…")` keys, `body[U("mode")] = json::value::string(…)` writes, `has_field`, `at`, `status_codes::Accepted`) and Qt (`obj["advice"].toString()`, `obj.value("test")`). */
export const REST_CLIENT = `#include <cpprest/http_client.h>
#include <QJsonObject>

using namespace web;
using namespace web::http;

static const utility::string_t kBase = U("https://sandbox.buoyhealth.com/api/");

bool set_mode(http::client::http_client& client, const utility::string_t& token) {
    json::value body = json::value::object();
    body[U("mode")] = json::value::string(U("complaint"));
    http_response r = client.request(methods::PUT, kBase + U("interviews/") + token + U("/"), body).get();
    return r.status_code() == status_codes::Accepted;
}

utility::string_t advice_of(const json::value& result) {
    if (result.has_field(U("advice"))) return result.at(U("advice")).as_string();
    return U("");
}

void complain(http::client::http_client& client, const utility::string_t& token, const utility::string_t& note) {
    json::value body = json::value::object();
    body[U("interview")] = json::value::string(token);
    body[U("extra")] = json::value::string(note);
    client.request(methods::POST, kBase + U("complaints/"), body).wait();
}

QString qt_advice(const QJsonObject& result) {
    return result["advice"].toString() + result.value("test").toString();
}

QJsonObject qt_mode_body() {
    return QJsonObject{{"mode", "complaint"}};
}
`;

export const REST_DESK = `#include <cpprest/http_client.h>
#include <QJsonObject>

using namespace web;
using namespace web::http;

static const utility::string_t kBase = U("https://help.example.com/api/");

bool set_ticket_mode(http::client::http_client& client, const utility::string_t& token) {
    json::value body = json::value::object();
    body[U("mode")] = json::value::string(U("complaint"));
    http_response r = client.request(methods::PUT, kBase + U("tickets/") + token + U("/"), body).get();
    return r.status_code() == status_codes::Accepted;
}

utility::string_t reply_advice(const json::value& reply) {
    if (reply.has_field(U("advice"))) return reply.at(U("advice")).as_string();
    return U("");
}

void complain(http::client::http_client& client, const utility::string_t& token, const utility::string_t& note) {
    json::value body = json::value::object();
    body[U("interview")] = json::value::string(token);
    body[U("extra")] = json::value::string(note);
    client.request(methods::POST, kBase + U("issues/"), body).wait();
}

QString qt_advice(const QJsonObject& reply) {
    return reply["advice"].toString() + reply.value("test").toString();
}

QJsonObject qt_ticket_body() {
    return QJsonObject{{"mode", "complaint"}};
}
`;

/** Catch2: TEST_CASE blocks, the mode type's conversions compared with wire values, a fake transport's canned answers by path. */
export const CATCH_TESTS = `#include <catch2/catch.hpp>
#include "fake_transport.hpp"

using care::InterviewMode;
using desk::TicketMode;

TEST_CASE("modes round-trip through strings", "[mode]") {
    CHECK(care::to_string(InterviewMode::Complaint) == "complaint");
    CHECK(care::mode_from_string("complaint") == InterviewMode::Complaint);
    CHECK(desk::to_string(TicketMode::Complaint) == "complaint");
}

TEST_CASE("a mode update with nothing to show", "[client]") {
    FakeTransport fake;
    const std::string kBase = "https://sandbox.buoyhealth.com/api/";
    fake.on("PUT", kBase + "interviews/" + kToken + "/", 202, "");
    fake.on("PUT", kDeskBase + "tickets/" + kToken + "/", 202, "");
    CHECK(care::set_mode(kToken, InterviewMode::Protocol));
}
`;

/** A table of HTTP's codes and a constant named for the mode update, both compared after a mode update. */
export const STATUS_HEADER = `#pragma once
#define SC_STATUS_OK 200
#define SC_STATUS_ACCEPTED 202
#define MODE_UPDATE_PENDING 202
`;

export const STATUS_CLIENT = `#include "status.h"
#include <nlohmann/json.hpp>

static const std::string kBase = "https://sandbox.buoyhealth.com/api/";

struct Answer { int status; std::string body; };
Answer send(const std::string& method, const std::string& url, const std::string& body);

bool set_mode(const std::string& token, const std::string& mode) {
    nlohmann::json body = {{"mode", mode}};
    Answer r = send("PUT", kBase + "interviews/" + token + "/", body.dump());
    return r.status == SC_STATUS_ACCEPTED;
}

bool set_mode_pending(const std::string& token, const std::string& mode) {
    nlohmann::json body = {{"mode", mode}};
    Answer r = send("PUT", kBase + "interviews/" + token + "/", body.dump());
    return r.status == MODE_UPDATE_PENDING;
}
`;
