// Stand-in for @sentry/browser in the journey tests: error reporting is not part of the API layer, and nothing
// may leave the machine. Calls are recorded so a journey can show them.
const captured = [];
exports.captured = captured;
exports.captureMessage = (message, context) => {
  captured.push({ message, context });
};
exports.captureException = (error, context) => {
  captured.push({ error, context });
};
