// Preload for the streaming test: the child's peak resident memory, on stderr, as it exits.
process.on('exit', () => process.stderr.write(`\nsc-migrate-test-maxrss-kb=${process.resourceUsage().maxRSS}\n`));
