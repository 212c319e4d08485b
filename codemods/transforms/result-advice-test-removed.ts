import { transformFor } from '../transform';

export default transformFor(['result-advice-test-removed']);
