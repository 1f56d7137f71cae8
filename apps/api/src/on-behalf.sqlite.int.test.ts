import { describeOnBehalf } from '../test/permission-suite.ts';

describeOnBehalf('sqlite');
