import type { DataResponse, Vehicle, VehicleBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverKeys } from '../../../api/drivers/keys';
import { api } from '../../../lib/http';
import { vehicleKeys } from './keys';

export async function createVehicle(body: VehicleBody): Promise<Vehicle> {
  const { data } = await api<DataResponse<Vehicle>>('/vehicles', { method: 'POST', body, toast: false });
  return data;
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => {
      // The drivers list shows each driver's vehicle.
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() });
    },
  });
}
