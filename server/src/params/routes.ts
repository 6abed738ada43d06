import type { FastifyPluginAsync } from 'fastify';
import { successes } from '@swx/shared/contract';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** `GET /swx/customer/index/getParamByKey/{key}`: public parameters (download link, fees, minimums...). */
export const paramsCustomerRoutes: FastifyPluginAsync = async (app) => {
  const { params } = app.services;

  route(
    app,
    'params.get',
    {
      schema: {
        tags: ['params'],
        summary: 'A public server parameter by key (private or unknown keys answer 10018)',
      },
    },
    async (request) => ok({ paramValue: params.getPublic(request.params.key) }),
  );
};

/** Staff view and change parameters; every change is audited with its reason. */
export const paramsAdminRoutes: FastifyPluginAsync = async (app) => {
  const { params, changes } = app.services;
  const security = [{ token: [] }];

  route(
    app,
    'admin.params',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Every server parameter with its value and visibility',
        security,
      },
    },
    async () => ok(params.list()),
  );

  route(
    app,
    'admin.setParam',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Changes a parameter: an editorial one at once, one that moves money or risk as a pending change a second admin approves (checked, audited with the reason)',
        security,
      },
    },
    async (request) => {
      const { key } = request.params;
      const { value, reason } = request.body;
      if (params.isEditorial(key)) {
        const param = await params.set(key, value, { staffId: request.staff.staffId, reason });
        return ok({ param, pendingChange: null }, successes.modified);
      }
      const pendingChange = await changes.request('param', request.staff, { key, value }, reason);
      const param = params.list().find((p) => p.key === key)!;
      return ok({ param, pendingChange }, successes.submittedForReview);
    },
  );

  route(
    app,
    'admin.param',
    {
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'One parameter with its definition, current value and change history (reasons included)',
        security,
      },
    },
    async (request) => ok(await params.detail(request.params.key)),
  );
};
