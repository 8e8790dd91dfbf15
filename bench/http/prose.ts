/**
 * Text that compresses like real prose: sentences of English words drawn with a Zipf law
 * (frequent words often, rare words seldom) from a seeded generator, so every run seeds the
 * same library. Used to build paragraphs that the seeding SQL assembles into article bodies.
 */

const WORDS = `the of and to a in is that for it as was with be by on not this are or from at which but
have an they you were all there would their we been has when who will more no if out so what up its
about into than them can only other new some could time these two may then do first any now such like
our over even most made after also did many before must through back years where much your way well
down should because each just those people how too little state good very make world still own see
work long get here between both life being under never day same another know while last might great
old year off come since against go came right used take three city river market coffee design travel
music report history science data school family health water food light garden house street morning
evening season winter summer spring autumn mountain village country island coast harbour forest field
bread cheese wine recipe kitchen table window door road bridge train station ticket journey map guide
photo camera colour paper letter story novel author reader chapter poem painting museum gallery artist
theatre concert song voice piano guitar festival crowd team match player coach season league goal score
price money bank budget saving income tax business company office meeting project plan idea problem
answer question reason result change growth energy power climate weather rain snow wind storm cloud
sun moon star planet space rocket engine machine computer software network server screen phone message
email website article page editor news paper headline interview survey study research method sample
measure figure chart number percent average record level rate value cost benefit risk policy law court
council mayor minister election vote party campaign public private local national global regional
rural urban modern ancient simple clear quick slow quiet loud bright dark warm cold fresh early late
small large short tall wide narrow deep shallow heavy careful honest strange familiar popular useful
difficult easy important possible likely different similar special general common rare real true
believe remember consider explain describe discover develop improve increase reduce provide include
follow allow create build open close start finish carry bring hold keep leave meet pay read write
speak listen watch walk travel visit return arrive decide choose offer share spend grow learn teach
understand happen appear remain become seem feel think hope wish need want love enjoy prefer notice
although however therefore meanwhile instead perhaps nearly almost already always often sometimes
rarely usually together across along around behind beyond during within without toward among`
  .split(/\s+/)
  .filter(Boolean);

/** A small seeded generator (mulberry32): the same library on every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws words with probability ∝ 1/rank, like word frequencies in real text. */
function zipfPicker(random: () => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= WORDS.length; rank++) cumulative.push((total += 1 / rank));
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return WORDS[lo]!;
  };
}

/** `count` distinct paragraphs of 4 to 7 sentences (about 600 characters each). */
export function paragraphs(count: number, seed = 1): string[] {
  const random = seededRandom(seed);
  const word = zipfPicker(random);
  const out: string[] = [];
  for (let p = 0; p < count; p++) {
    const sentences: string[] = [];
    const n = 4 + Math.floor(random() * 4);
    for (let s = 0; s < n; s++) {
      const length = 8 + Math.floor(random() * 14);
      const words: string[] = [];
      for (let w = 0; w < length; w++) words.push(word() + (w > 2 && w < length - 2 && random() < 0.08 ? ',' : ''));
      const sentence = words.join(' ');
      sentences.push(`${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`);
    }
    out.push(sentences.join(' '));
  }
  return out;
}

/** Plain words (uniform), for slugs. */
export const slugWords = WORDS.slice(150).filter((w) => w.length >= 4);
