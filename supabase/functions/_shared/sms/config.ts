// Settings of the SMS sender, from the environment (Supabase secrets; the embedded stack points
// them at its local mailbox). SMS is the business's choice: without GATEWAYAPI_TOKEN no SMS is sent
// (the sender cancels the queued ones, with the reason).
//   GATEWAYAPI_TOKEN  the API token of the GatewayAPI account (HTTP Basic username, no password)
//   GATEWAYAPI_URL    base URL, default https://gatewayapi.eu (the EU platform)
//   SMS_SENDER        the sender shown on the phone, at most 11 letters/digits; default Glanspunkt

export interface SmsConfig {
  token: string;
  apiUrl: string;
  sender: string;
}

export const DEFAULT_GATEWAYAPI_URL = 'https://gatewayapi.eu';
export const DEFAULT_SMS_SENDER = 'Glanspunkt';

export function smsConfig(env: (name: string) => string | undefined): SmsConfig {
  const sender = (env('SMS_SENDER') ?? '').trim();
  return {
    token: env('GATEWAYAPI_TOKEN') ?? '',
    apiUrl: (env('GATEWAYAPI_URL') || DEFAULT_GATEWAYAPI_URL).replace(/\/+$/, ''),
    // GatewayAPI: up to 11 alphanumeric characters as the sender; anything else is the default
    sender: /^[A-Za-z0-9 ]{1,11}$/.test(sender) ? sender : DEFAULT_SMS_SENDER,
  };
}
