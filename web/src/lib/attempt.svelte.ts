// A button's request to the server: whether it is under way (the button waits) and the words of its last
// failure (shown beside it), one of each per component.
import { errorText } from "./api";

export class Attempt {
  working = $state(false);
  error = $state<string | null>(null);

  /** Run ``task``; a failure's words become ``error`` (cleared when the next attempt starts). */
  async run(task: () => Promise<unknown>): Promise<void> {
    this.error = null;
    this.working = true;
    try {
      await task();
    } catch (e) {
      this.error = errorText(e);
    } finally {
      this.working = false;
    }
  }
}
