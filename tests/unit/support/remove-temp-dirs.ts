// Setup file of the unit project: runs before each test file, so each file's temporary folders are
// removed when that file is done (see temp-dirs.ts).

import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.ts';

afterAll(removeTempDirs);
