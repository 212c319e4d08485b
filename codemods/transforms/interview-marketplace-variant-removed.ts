import { transformFor } from '../transform';

export default transformFor(['interview-marketplace-variant-removed']);
