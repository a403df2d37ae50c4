/*
 * The part of @mailchimp/mailchimp_marketing this API uses (the package ships no types).
 * Its default export is a shared client instance; `constructor` makes a client of our own,
 * so this adapter's key and server never leak into another user of the library.
 */
declare module '@mailchimp/mailchimp_marketing' {
  export interface MailchimpList {
    id: string;
    name: string;
    stats?: { member_count?: number };
  }
  /** PUT /lists/{id}/members/{hash}. No `status`: it would change an existing member's status. */
  export interface MailchimpMemberBody {
    email_address: string;
    status_if_new: 'pending' | 'transactional';
    merge_fields?: Record<string, string>;
  }
  export interface MailchimpClient {
    timeout: number;
    setConfig(config: { apiKey: string; server: string }): void;
    lists: {
      getAllLists(opts?: { count?: number; offset?: number; fields?: string[] }): Promise<{ lists: MailchimpList[]; total_items: number }>;
      setListMember(listId: string, subscriberHash: string, body: MailchimpMemberBody, opts?: { skipMergeValidation?: boolean }): Promise<unknown>;
      updateListMemberTags(
        listId: string,
        subscriberHash: string,
        body: { tags: { name: string; status: 'active' | 'inactive' }[]; is_syncing?: boolean },
      ): Promise<unknown>;
    };
  }
  const client: MailchimpClient & { constructor: new () => MailchimpClient };
  export default client;
}
