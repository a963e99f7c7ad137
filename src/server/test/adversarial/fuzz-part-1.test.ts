import { fuzzEveryRoute } from './fuzz-every-route';

await fuzzEveryRoute({ part: 1, of: 3 });
