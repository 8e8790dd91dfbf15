// The order the test-runner's two workers take the story files in: the largest first, every run.
// Jest's own order runs files it has no time for first and the slowest known last, so after a
// partial run the screen with 62 stories (four minutes alone) started last and one worker idled
// while it ran: 20:54 for the whole pass. Largest first, the long files overlap the short ones.
import { statSync } from 'node:fs';
import TestSequencer from '@jest/test-sequencer';

export default class LargestFirst extends (TestSequencer.default ?? TestSequencer) {
  sort(tests) {
    const size = (test) => statSync(test.path).size;
    return [...tests].sort((a, b) => size(b) - size(a) || a.path.localeCompare(b.path));
  }
}
