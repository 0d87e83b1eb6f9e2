import { configure } from '@testing-library/react';

// Testing Library waits (findBy…, waitFor) give up after one second by default: a loaded machine can
// take longer to render. The condition is still what is waited for; this is only its limit.
configure({ asyncUtilTimeout: 20_000 });
