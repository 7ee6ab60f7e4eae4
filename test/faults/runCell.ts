// Running one cell of the fault matrix (./cases.ts): the operation against the emulator with the fault armed,
// and what the user saw. The reads are in readCells.ts, the saves in saveCells.ts.
import type { Cell, Observation } from './cases';
import { listAll, listPage, openRecord } from './readCells';
import { save } from './saveCells';
import type { World } from './world';

export async function runCell(world: World, cell: Cell): Promise<Observation> {
  world.emulator.faults.clear();
  switch (cell.operation) {
    case 'listPage':
      return listPage(world, cell.fault);
    case 'listAll':
      return listAll(world, cell.fault);
    case 'open':
      return openRecord(world, cell.fault);
    case 'saveModel':
    case 'saveField':
    case 'jobPolling':
    case 'saveWebhook':
    case 'saveRecord':
      return save(world, cell.operation, cell.fault);
  }
}
