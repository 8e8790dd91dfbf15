// Retries are off: a story that fails, fails the run. STORYBOOK_RETRIES=<n> gives each story n
// more tries (to tell a race from a break on a busy machine); the runner then lists every story
// that needed one (scripts/test-storybook.mjs), as a race to mend.
jest.retryTimes(Number(process.env.STORYBOOK_RETRIES ?? 0), { logErrorsBeforeRetry: true });
