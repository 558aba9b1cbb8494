@_exported import GestureEngine
