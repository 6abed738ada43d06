import type { FastifyPluginAsync } from 'fastify';

/** Customer API plugins, mounted under /swx/customer. A domain adds its plugin here. */
export const customerRoutes: FastifyPluginAsync[] = [];

/** Staff API plugins, mounted under /swx/admin. */
export const adminRoutes: FastifyPluginAsync[] = [];
