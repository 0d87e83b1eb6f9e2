import { Navigate, useParams } from 'react-router';

/** /restaurant/{id}/products goes to the path as the seed spells it, /resturant/{id}/products. */
export function ProductsRedirect() {
  return <Navigate to={`/resturant/${useParams().id}/products`} replace />;
}
