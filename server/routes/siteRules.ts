/** /api/site-rules: rules per site (src/contract/siteRules.ts), set, removed, and tried on a page. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  siteRuleHostParamsSchema,
  siteRuleListSchema,
  siteRuleResultSchema,
  siteRulesInputSchema,
  siteRuleTrialResultSchema,
  siteRuleTryInputSchema,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../errors.ts';
import { deleteSiteRules, listSiteRules, saveSiteRules, trySiteRules } from '../scrape/siteRules.ts';

export const siteRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/', {
    schema: { response: { 200: siteRuleListSchema, ...errorResponses } },
    handler: () => listSiteRules(ctx),
  });

  app.put('/:host', {
    schema: { params: siteRuleHostParamsSchema, body: siteRulesInputSchema, response: { 200: siteRuleResultSchema, ...errorResponses } },
    handler: (request) => saveSiteRules(ctx, request.user!.email, request.params.host, request.body),
  });

  app.delete('/:host', {
    schema: { params: siteRuleHostParamsSchema, response: { 204: z.null().optional(), ...errorResponses } },
    handler: async (request, reply) => {
      await deleteSiteRules(ctx, request.user!.email, request.params.host);
      return reply.code(204).send(null);
    },
  });

  app.post('/try', {
    schema: { body: siteRuleTryInputSchema, response: { 200: siteRuleTrialResultSchema, ...errorResponses } },
    handler: (request) => trySiteRules(ctx, request.body.url, request.body.rules),
  });
};
