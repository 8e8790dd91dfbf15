// A story that fails runs once more before it counts, and its first failure is printed: on this
// shared 2-core machine the two workers' Chromiums have failed a handful of the 757 plays of a
// pass (a menu's machine slow to start, a toast shot mid-fade) that passed alone. A story that
// fails twice fails the run; the printed first failures list the flaky ones to mend.
// STORYBOOK_RETRIES=0 turns it off.
jest.retryTimes(Number(process.env.STORYBOOK_RETRIES ?? 1), { logErrorsBeforeRetry: true });
