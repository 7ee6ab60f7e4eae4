// The DatoCMS Content Management API client: one object per resource family (site, environments, maintenance mode, item
// types, fields, fieldsets, webhooks, items, uploads, item versions; publishing and the media area's writes, made on
// first use) over one Requester (retries, rate-limit pacing, jobs) and the keep-alive pool shared by every client of a
// base URL. No vscode import here.

import type { ClientCalls } from './calls';
import { Requester, type Reply } from './requester';
import { mediaOf, type MediaArea } from './resources/media';
import { publishingOf, type Publishing } from './resources/publishing';
import { itemsResource, type ItemsResource } from './resources/items';
import {
  fieldsetsResource,
  fieldsResource,
  itemTypesResource,
  type FieldsetsResource,
  type FieldsResource,
  type ItemTypesResource,
} from './resources/schema';
import {
  environmentsResource,
  maintenanceModeResource,
  siteResource,
  type EnvironmentsResource,
  type MaintenanceModeResource,
  type SiteResource,
} from './resources/site';
import { uploadsResource, type UploadsResource } from './resources/uploads';
import { itemVersionsResource, type ItemVersionsResource } from './resources/versions';
import { webhooksResource, type WebhooksResource } from './resources/webhooks';
import { resolveSettings, type ClientOptions, type RawRequest } from './settings';
import { RateGate } from './timing';
import { RequestBudget } from './budget';

export class CmaClient implements ClientCalls {
  readonly baseUrl: string;
  readonly environment: string | undefined;

  readonly site: SiteResource;
  readonly environments: EnvironmentsResource;
  readonly maintenanceMode: MaintenanceModeResource;
  readonly itemTypes: ItemTypesResource;
  readonly fields: FieldsResource;
  readonly fieldsets: FieldsetsResource;
  readonly webhooks: WebhooksResource;
  readonly items: ItemsResource;
  readonly uploads: UploadsResource;
  readonly itemVersions: ItemVersionsResource;

  // Private: keeps the token out of JSON.stringify, console.log and debugger previews.
  readonly #requester: Requester;
  #publishing: Publishing | undefined;
  #media: MediaArea | undefined;

  /** `shared` is internal: withEnvironment's copies share the original's requester (`options` is then not read). */
  constructor(options: ClientOptions, shared?: Requester) {
    if (shared) {
      this.#requester = shared;
    } else {
      if (typeof options.apiToken !== 'string' || options.apiToken.trim() === '') {
        throw new TypeError('CmaClient: apiToken is empty; set the API token of the DatoCMS project');
      }
      const environment = options.environment === '' ? undefined : options.environment;
      this.#requester = new Requester(
        options.apiToken,
        resolveSettings(options),
        environment,
        new RateGate(),
        new RequestBudget(options.onBudgetTrip),
      );
    }
    const requester = this.#requester;
    this.baseUrl = requester.settings.baseUrl;
    this.environment = requester.environment;
    this.site = siteResource(requester);
    this.environments = environmentsResource(requester);
    this.maintenanceMode = maintenanceModeResource(requester);
    this.itemTypes = itemTypesResource(requester);
    this.fields = fieldsResource(requester);
    this.fieldsets = fieldsetsResource(requester);
    this.webhooks = webhooksResource(requester);
    this.items = itemsResource(requester);
    this.uploads = uploadsResource(requester);
    this.itemVersions = itemVersionsResource(requester);
  }

  /** Publish / unpublish (whole records or locales), the bulk jobs and the schedules. */
  get publishing(): Publishing {
    return (this.#publishing ??= publishingOf(this));
  }

  /** The media area's writes (uploads from files, bulk, tags, collections, upload requests, saved filters). */
  get media(): MediaArea {
    return (this.#media ??= mediaOf(this));
  }

  /** A client for another environment: same token, same keep-alive pool, same rate-limit pacing and lifetime. */
  withEnvironment(environment: string | undefined): CmaClient {
    return new CmaClient({ apiToken: '' }, this.#requester.forEnvironment(environment === '' ? undefined : environment));
  }

  /**
   * The same client for what runs without the user asking (`source`: "hovers", "tree refreshes"…): its requests count
   * against the project's budget, and fail with BudgetExceededError once the source spent too much (see budget.ts).
   */
  background(source: string): CmaClient {
    return new CmaClient({ apiToken: '' }, this.#requester.forSource(source));
  }

  /** The user acted: background sources stopped by the budget may run again. */
  resetBudget(): void {
    this.#requester.budget.reset();
  }

  /**
   * Sends one API call: retries what is safe to retry, waits out rate limits, polls async jobs (202) and
   * returns the parsed JSON body (for a job: its payload). Throws ApiError, NetworkError, TimeoutError,
   * ResponseError or CancelledError.
   */
  async request<T = unknown>(req: RawRequest): Promise<T> {
    return (await this.reply(req)).body as T;
  }

  /** As `request`, with where the body came from (for parsing it: what an error quotes of it is scrubbed of the token). */
  reply(req: RawRequest): Promise<Reply> {
    return this.#requester.call(req);
  }
}
