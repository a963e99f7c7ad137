import { fuzzEveryRoute } from './fuzz-every-route';

await fuzzEveryRoute({ part: 2, of: 3 });
