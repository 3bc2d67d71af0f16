import { describeScanFixtures } from '../support/scan-fixture-suite.js';

await describeScanFixtures('Tamil', (f) => f.language === 'Tamil');
