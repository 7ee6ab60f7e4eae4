// Direct CMA calls to the emulator, as another user of the project (a colleague) would make them.
const headers = (token) => ({
  authorization: `Bearer ${token}`,
  accept: 'application/json',
  'x-api-version': '3',
  'content-type': 'application/vnd.api+json',
});

/** `call(method, path, body?)` → the parsed JSON answer; throws on a non-2xx status. */
export function cmaCaller(emulator) {
  return async (method, path, body) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: headers(emulator.token),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Waits for a job (the answer of an asynchronous endpoint) to finish. */
export async function waitForJob(emulator, jobId) {
  for (let tries = 0; tries < 300; tries++) {
    const result = await fetch(`${emulator.url}/job-results/${jobId}`, { headers: headers(emulator.token) });
    if (result.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the job ${jobId} did not finish`);
}
