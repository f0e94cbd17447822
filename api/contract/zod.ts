// zod 3 with the OpenAPI extension, imported by every contract file (koa-zod-router 2.3
// only validates zod 3 schemas).
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);
export { z };
