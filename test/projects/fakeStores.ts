// In-memory stand-ins for VS Code's SecretStorage and globalState (structural interfaces).
import type { KeyValueStore, SecretStore } from '../../src/projects/projectStore';

export class FakeSecrets implements SecretStore {
  readonly values = new Map<string, string>();
  async get(key: string) {
    return this.values.get(key);
  }
  async store(key: string, value: string) {
    this.values.set(key, value);
  }
  async delete(key: string) {
    this.values.delete(key);
  }
}

export class FakeState implements KeyValueStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown) {
    this.values.set(key, structuredClone(value));
  }
}
