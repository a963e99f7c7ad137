import { fuzzEveryRoute } from './fuzz-every-route';

await fuzzEveryRoute({ part: 3, of: 3 });
